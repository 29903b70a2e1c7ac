import { z } from 'zod';
import { idParam } from '../../core/http';

/**
 * The exam's request schemas live in its contract (packages/shared/src/contracts/exam.ts); these
 * re-exports serve the services. The candidate's schemas below stay until the candidate routes have
 * their own contract.
 */
export {
  examIdQuery,
  examSettingsSchema,
  type Audience,
  type ExamInput,
  type ExamSettings,
  type ReleaseWhen,
} from '@kaopei/shared/contracts/exam';

export const attemptIdQuery = z.object({ attemptId: idParam('attemptId') });

/** A candidate's response to one question; its shape per type is checked by the attempt service. */
export const answerSchema = z.object({
  questionId: idParam('questionId'),
  answer: z.unknown(),
  /** The browser's counter for this question: saves with a lower or equal seq are ignored. */
  seq: z
    .number({ error: 'seq 必须是正整数' })
    .int('seq 必须是正整数')
    .min(1, 'seq 必须是正整数')
    .max(2_000_000_000, 'seq 过大'),
  flagged: z.boolean({ error: 'flagged 必须是 true 或 false' }).optional(),
});
export type AnswerInput = z.output<typeof answerSchema>;
