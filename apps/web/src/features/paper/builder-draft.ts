import type { PaperDetail, PickRow } from './api';
import type { QuestionSummary } from './builder-state';

/** Unsaved changes of a new or draft paper are saved as a draft after this much quiet. */
export const AUTOSAVE_DELAY_MS = 8000;
/** A saved question's new points go to the server after this much quiet. */
export const POINTS_SYNC_DELAY_MS = 600;

export function summaryOf(
  row: Pick<PickRow, 'questionId' | 'type' | 'typeLabel' | 'stemText' | 'difficulty' | 'bankName'>,
) {
  return {
    questionId: row.questionId,
    type: row.type,
    typeLabel: row.typeLabel,
    stemText: row.stemText,
    difficulty: row.difficulty,
    bankName: row.bankName,
  } satisfies QuestionSummary;
}

/** The builder's content as a paper loaded from the server. */
export function draftFromDetail(detail: PaperDetail) {
  return {
    paper: {
      name: detail.name,
      sectionVOS: detail.sectionVOS.map((section) => ({
        name: section.name,
        questionVOS: section.questionVOS.map((q) => ({
          questionId: q.questionId,
          questionType: q.type,
          difficulty: q.difficulty,
          points: q.points,
        })),
      })),
    },
    info: detail.sectionVOS.flatMap((section) => section.questionVOS.map(summaryOf)),
    classifyByType: detail.settings.classifyByType ?? false,
  };
}
