/**
 * Paper-builder rules (spec §4 "Paper builder", §9 default points) and paper statistics, shared by
 * the web builder and the server. Every function is pure and returns a new paper.
 */
import { DEFAULT_QUESTION_POINTS, DIFFICULTY_THRESHOLDS } from './constants';
import { QUESTION_TYPES, UNKNOWN_QUESTION_TYPE_LABEL, PaperDifficulty } from './enums';
import { questionTypeLabel } from './question-kinds';

/** Name of the section the first pick creates (also the label of an unknown question type). */
export const DEFAULT_SECTION_NAME = UNKNOWN_QUESTION_TYPE_LABEL;

/** A question placed in a paper (spec §3 Question: questionId, questionType, points). */
export interface PaperQuestionItem {
  questionId: number;
  questionType: number;
  /** 1–10. */
  difficulty?: number;
  /** One decimal; DEFAULT_QUESTION_POINTS when added. */
  points: number;
}

/** A section (大题) with its questions (spec §3 Paper.sectionVOS). */
export interface PaperSectionItem {
  name: string;
  questionVOS: PaperQuestionItem[];
}

/** The paper being built (spec §3 Paper: name, sectionVOS). */
export interface PaperDraft {
  name: string;
  sectionVOS: PaperSectionItem[];
}

export interface PickOptions {
  /** Put the question into the section named after its type label, creating it when missing. */
  classifyByType?: boolean;
  /** Without classify-by-type: the section to add to (index); default the last section. */
  sectionIndex?: number;
}

/** Points rounded to one decimal (scores show one decimal, spec §9). */
export function roundPoints(points: number): number {
  return Math.round(points * 10) / 10;
}

/** Where a question sits in the paper, or undefined. */
export function findQuestion(
  paper: PaperDraft,
  questionId: number,
): { sectionIndex: number; questionIndex: number } | undefined {
  for (let sectionIndex = 0; sectionIndex < paper.sectionVOS.length; sectionIndex++) {
    const questionIndex = (paper.sectionVOS[sectionIndex]?.questionVOS ?? []).findIndex(
      (q) => q.questionId === questionId,
    );
    if (questionIndex >= 0) return { sectionIndex, questionIndex };
  }
  return undefined;
}

export function isPicked(paper: PaperDraft, questionId: number): boolean {
  return findQuestion(paper, questionId) !== undefined;
}

/** Removes a question from whichever section holds it (sections stay, even when emptied). */
export function removeQuestion(paper: PaperDraft, questionId: number): PaperDraft {
  return {
    ...paper,
    sectionVOS: paper.sectionVOS.map((section) => ({
      ...section,
      questionVOS: section.questionVOS.filter((q) => q.questionId !== questionId),
    })),
  };
}

/**
 * Picks a question (spec §4): picking a selected question again deselects it; the first pick creates
 * a default section; with classify-by-type the question goes to the section named after its type
 * label (默认大题 for an unknown type), which is created at the end when missing.
 */
export function togglePick(
  paper: PaperDraft,
  question: { questionId: number; questionType: number; difficulty?: number; points?: number },
  options: PickOptions = {},
): PaperDraft {
  if (isPicked(paper, question.questionId)) return removeQuestion(paper, question.questionId);
  const item: PaperQuestionItem = {
    questionId: question.questionId,
    questionType: question.questionType,
    ...(question.difficulty !== undefined ? { difficulty: question.difficulty } : {}),
    points: roundPoints(question.points ?? DEFAULT_QUESTION_POINTS),
  };
  const sections = paper.sectionVOS.map((section) => ({ ...section, questionVOS: [...section.questionVOS] }));
  let target: number;
  if (options.classifyByType) {
    const name = questionTypeLabel(question.questionType);
    target = sections.findIndex((section) => section.name === name);
    if (target < 0) {
      sections.push({ name, questionVOS: [] });
      target = sections.length - 1;
    }
  } else {
    if (sections.length === 0) sections.push({ name: DEFAULT_SECTION_NAME, questionVOS: [] });
    const wanted = options.sectionIndex ?? sections.length - 1;
    target = Math.min(Math.max(0, wanted), sections.length - 1);
  }
  sections[target]?.questionVOS.push(item);
  return { ...paper, sectionVOS: sections };
}

/** Sets one question's points (rounded to one decimal; must be positive). */
export function setPoints(paper: PaperDraft, questionId: number, points: number): PaperDraft {
  if (!(points > 0) || !Number.isFinite(points)) throw new RangeError('分值必须大于 0');
  return {
    ...paper,
    sectionVOS: paper.sectionVOS.map((section) => ({
      ...section,
      questionVOS: section.questionVOS.map((q) =>
        q.questionId === questionId ? { ...q, points: roundPoints(points) } : q,
      ),
    })),
  };
}

function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const copy = [...list];
  const [item] = copy.splice(from, 1);
  if (item === undefined) return copy;
  copy.splice(Math.min(Math.max(0, to), copy.length), 0, item);
  return copy;
}

/** Drag a section to another position. */
export function moveSection(paper: PaperDraft, from: number, to: number): PaperDraft {
  return { ...paper, sectionVOS: moveItem(paper.sectionVOS, from, to) };
}

/** Drag a question to a position in the same or another section. */
export function moveQuestion(
  paper: PaperDraft,
  from: { sectionIndex: number; questionIndex: number },
  to: { sectionIndex: number; questionIndex: number },
): PaperDraft {
  const sections = paper.sectionVOS.map((section) => ({ ...section, questionVOS: [...section.questionVOS] }));
  const source = sections[from.sectionIndex];
  const target = sections[to.sectionIndex];
  if (!source || !target) return paper;
  const [item] = source.questionVOS.splice(from.questionIndex, 1);
  if (!item) return paper;
  target.questionVOS.splice(Math.min(Math.max(0, to.questionIndex), target.questionVOS.length), 0, item);
  return { ...paper, sectionVOS: sections };
}

export interface TypeMixEntry {
  type: number;
  label: string;
  count: number;
  points: number;
}

export interface PaperTotals {
  questionCount: number;
  totalScore: number;
  /** The six canonical types in order (zeros included), then any unknown type. */
  typeMix: TypeMixEntry[];
  /** Average question difficulty, two decimals; null when no question has one. */
  averageDifficulty: number | null;
  difficulty: PaperDifficulty | null;
}

/** Question count, total score, type mix and difficulty of a list of paper questions. */
export function questionTotals(
  items: readonly { questionType: number; points: number; difficulty?: number | null }[],
): PaperTotals {
  const mix = new Map<number, TypeMixEntry>(
    QUESTION_TYPES.map((type) => [type, { type, label: questionTypeLabel(type), count: 0, points: 0 }]),
  );
  let totalTenths = 0;
  let difficultySum = 0;
  let difficultyCount = 0;
  for (const item of items) {
    const entry = mix.get(item.questionType) ?? {
      type: item.questionType,
      label: questionTypeLabel(item.questionType),
      count: 0,
      points: 0,
    };
    const tenths = Math.round(item.points * 10);
    entry.count += 1;
    entry.points = (Math.round(entry.points * 10) + tenths) / 10;
    mix.set(item.questionType, entry);
    totalTenths += tenths;
    if (item.difficulty !== undefined && item.difficulty !== null) {
      difficultySum += item.difficulty;
      difficultyCount += 1;
    }
  }
  const averageDifficulty =
    difficultyCount === 0 ? null : Math.round((difficultySum / difficultyCount) * 100) / 100;
  return {
    questionCount: items.length,
    totalScore: totalTenths / 10,
    typeMix: [...mix.values()],
    averageDifficulty,
    difficulty: averageDifficulty === null ? null : paperDifficultyOf(averageDifficulty),
  };
}

/** Totals of a paper being built. */
export function paperTotals(paper: PaperDraft): PaperTotals {
  return questionTotals(paper.sectionVOS.flatMap((section) => section.questionVOS));
}

const [SIMPLE_MAX, MEDIUM_MAX] = DIFFICULTY_THRESHOLDS;

/**
 * Paper difficulty from the average question difficulty: the average is rounded to the nearest
 * integer and labelled like a question (≤3 SIMPLE, 4–5 MEDIUM, above HARD), i.e. below 3.5 SIMPLE,
 * below 5.5 MEDIUM, otherwise HARD.
 */
export function paperDifficultyOf(averageDifficulty: number): PaperDifficulty {
  if (averageDifficulty < SIMPLE_MAX + 0.5) return 'SIMPLE';
  if (averageDifficulty < MEDIUM_MAX + 0.5) return 'MEDIUM';
  return 'HARD';
}

/** The difficulty level of one question (1–10): 1–3 SIMPLE, 4–5 MEDIUM, 6–10 HARD. */
export function questionDifficultyLevel(difficulty: number): PaperDifficulty {
  return paperDifficultyOf(difficulty);
}

/**
 * Target question counts per difficulty level from percentages: largest-remainder rounding (the
 * intelligent generator and the page checking its papers count the same way).
 */
export function distributionCounts(
  total: number,
  shares: Record<PaperDifficulty, number>,
): Record<PaperDifficulty, number> {
  const raw = PaperDifficulty.map((level) => (total * shares[level]) / 100);
  const counts = raw.map(Math.floor);
  let left = total - counts.reduce((a, b) => a + b, 0);
  const order = raw
    .map((value, index) => ({ index, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest);
  for (const { index } of order) {
    if (left <= 0) break;
    counts[index] = (counts[index] ?? 0) + 1;
    left -= 1;
  }
  return { SIMPLE: counts[0] ?? 0, MEDIUM: counts[1] ?? 0, HARD: counts[2] ?? 0 };
}
