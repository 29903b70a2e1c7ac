/**
 * The exam's request schemas and shapes live in its contract (packages/shared/src/contracts/exam.ts).
 * This re-export serves the attempt service until it imports from the contract itself.
 */
export type { ReleaseWhen } from '@kaopei/shared/contracts/exam';
