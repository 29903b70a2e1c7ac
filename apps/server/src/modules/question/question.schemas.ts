/**
 * The question request schemas live in the contract (packages/shared/src/contracts/question.ts); these
 * names stay for the modules that still import them from here (paper, exam).
 */
export {
  BANK_MENU,
  COPY_MENUS,
  EVALUATE_BANK_MENU,
  EVALUATE_QUESTION_MENU,
  QUESTION_MENU,
  READ_MENUS,
  SORT_FIELDS,
  WRITE_MENUS,
  codeAnswerSchema,
  choiceOptionsSchema,
  difficultySchema,
  fillAnswerSchema,
  questionBodySchema,
  questionContentSchema,
  questionFilterSchema,
  questionTypeSchema,
  shortAnswerSchema,
} from '@kaopei/shared/contracts/question';
export type {
  CodeAnswer,
  FillAnswer,
  QuestionBodyInput,
  QuestionContentInput,
  QuestionFilter,
  ShortAnswer,
} from '@kaopei/shared/contracts/question';
