/** The exams feature's automatic exams take the intelligent-generation rules from the paper contract. */
export { autoRulesInput as autoRulesSchema, type AutoRulesInput } from '@kaopei/shared/contracts/paper';
