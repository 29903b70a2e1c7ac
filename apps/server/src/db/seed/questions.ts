import type { QuestionType } from '@kaopei/shared';
import { questionBanks, questionKnowledge, questions } from '../schema';
import { DAY_MS, need, recordDemoActivity, type Demo } from './demo';
import { sanitizeStem, validateKey } from '../../modules/question/question.rules';
import { SAFETY_QUESTIONS, SKILL_QUESTIONS, type DemoQuestion } from './question-data';

export const SAFETY_BANK = '安全生产题库';
export const SKILL_BANK = '岗位技能题库';

const DEMO_BANKS: { name: string; description: string; category: string; questions: DemoQuestion[] }[] = [
  {
    name: SAFETY_BANK,
    description: '消防、用电与生产操作安全知识。',
    category: '安全生产',
    questions: SAFETY_QUESTIONS,
  },
  {
    name: SKILL_BANK,
    description: '各岗位专业技能考核试题。',
    category: '岗位技能',
    questions: SKILL_QUESTIONS,
  },
];

/**
 * Demo step: the organisation's two banks with approved questions of the five auto-gradable and marked
 * types, each filed under its knowledge point (the intelligent paper's knowledge rules draw on them).
 */
export async function seedDemoQuestions(demo: Demo): Promise<void> {
  const admin = need(demo.people, 'admin');
  const auditedAt = new Date(demo.now - 25 * DAY_MS);
  for (const bank of DEMO_BANKS) {
    const [row] = await demo.db
      .insert(questionBanks)
      .values({
        organizationId: demo.organizationId,
        name: bank.name,
        description: bank.description,
        category: bank.category,
        createdBy: admin,
      })
      .returning({ id: questionBanks.id });
    if (!row) throw new Error('bank insert failed');
    demo.banks.set(bank.name, row.id);
    const inserted = await demo.db
      .insert(questions)
      .values(
        bank.questions.map((question) => {
          const key = validateKey(
            question.type as QuestionType,
            question.options ?? null,
            question.answer ?? null,
          );
          const { stem, stemText } = sanitizeStem(question.stem);
          return {
            organizationId: demo.organizationId,
            bankId: row.id,
            type: question.type,
            stem,
            stemText,
            options: key.options,
            answer: key.answer,
            analysis: question.analysis ?? null,
            difficulty: question.difficulty,
            status: 1,
            auditedBy: admin,
            auditedAt,
            createdBy: admin,
          };
        }),
      )
      .returning({ id: questions.id, stem: questions.stem });
    const byStem = new Map(bank.questions.map((question) => [sanitizeStem(question.stem).stem, question]));
    await demo.db.insert(questionKnowledge).values(
      inserted.flatMap((question) =>
        (byStem.get(question.stem)?.knowledge ?? []).map((name) => ({
          questionId: question.id,
          knowledgeId: need(demo.knowledge, name),
        })),
      ),
    );
  }
  await recordDemoActivity(demo, [
    {
      at: demo.now - 25 * DAY_MS,
      action: '审核试题',
      detail: `审核通过了${SAFETY_BANK}、${SKILL_BANK}的 ${SAFETY_QUESTIONS.length + SKILL_QUESTIONS.length} 道试题`,
    },
  ]);
}
