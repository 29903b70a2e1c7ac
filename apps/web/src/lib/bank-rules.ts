/** The category that makes a bank a 测评题库 (docs/decisions.md "Question banks"). */
export const EVALUATION_CATEGORY = '测评';
