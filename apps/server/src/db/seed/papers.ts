import { asc, eq } from 'drizzle-orm';
import { autoPaperInput, paperBodyInput, randomPaperInput } from '@kaopei/shared/contracts/paper';
import { questions } from '../schema';
import { createPaperBank } from '../../modules/paper-bank/paper-bank.service';
import { savePaper } from '../../modules/paper/paper.service';
import { saveRandomPaper } from '../../modules/paper/paper.random';
import { createAutoPapers } from '../../modules/paper/paper.generate';
import { adminContext, DAY_MS, need, recordDemoActivity, type Demo } from './demo';
import { SAFETY_BANK, SKILL_BANK } from './questions';

/** The demo's papers: one of each way of building a paper, and one with questions to mark. */
export type DemoPaperKey = 'manual' | 'subjective' | 'random' | 'auto';

export const DEMO_PAPER_NAMES: Record<DemoPaperKey, string> = {
  manual: '安全生产知识考试（固定卷）',
  subjective: '安全生产月度考核（含简答题）',
  random: '前端开发技能测评（随机卷）',
  auto: '综合能力测评（智能组卷）',
};

/** The approved question ids of a bank by type, in id order (the order of question-data.ts). */
async function bankQuestions(demo: Demo, bank: string): Promise<Map<number, number[]>> {
  const rows = await demo.db
    .select({ id: questions.id, type: questions.type })
    .from(questions)
    .where(eq(questions.bankId, need(demo.banks, bank)))
    .orderBy(asc(questions.id));
  const byType = new Map<number, number[]>();
  for (const row of rows) byType.set(row.type, [...(byType.get(row.type) ?? []), row.id]);
  return byType;
}

/** A section of the first `count` questions of a type (from `skip` on), each worth `points`. */
function section(name: string, ids: number[] | undefined, count: number, points: number, skip = 0) {
  const chosen = (ids ?? []).slice(skip, skip + count);
  if (chosen.length < count) throw new Error(`demo paper section ${name}: not enough questions`);
  return { name, questionVOS: chosen.map((questionId) => ({ questionId, points })) };
}

/** The two fixed papers, saved through the manual builder's save. */
async function manualPapers(demo: Demo, paperBankId: number): Promise<void> {
  const ctx = adminContext(demo);
  const safety = await bankQuestions(demo, SAFETY_BANK);
  const manual = await savePaper(
    demo.db,
    ctx,
    paperBodyInput.parse({
      name: DEMO_PAPER_NAMES.manual,
      description: '全员安全生产知识考试，客观题自动评分。',
      paperBankId,
      sectionVOS: [
        section('判断题', safety.get(0), 5, 4),
        section('单选题', safety.get(1), 8, 5),
        section('多选题', safety.get(2), 4, 7.5),
        section('填空题', safety.get(3), 2, 5),
      ],
    }),
  );
  demo.papers.set('manual', manual.paperId);
  const subjective = await savePaper(
    demo.db,
    ctx,
    paperBodyInput.parse({
      name: DEMO_PAPER_NAMES.subjective,
      description: '月度考核，含两道需人工阅卷的简答题。',
      paperBankId,
      sectionVOS: [
        section('判断题', safety.get(0), 5, 4, 3),
        section('单选题', safety.get(1), 6, 5, 4),
        section('多选题', safety.get(2), 2, 10, 2),
        section('简答题', safety.get(4), 2, 15),
      ],
    }),
  );
  demo.papers.set('subjective', subjective.paperId);
}

/** The random paper: rules drawing from the skills bank, drawn once when saved. */
async function randomPaper(demo: Demo, paperBankId: number): Promise<void> {
  const bankIds = [need(demo.banks, SKILL_BANK)];
  const paper = await saveRandomPaper(
    demo.db,
    adminContext(demo),
    randomPaperInput.parse({
      name: DEMO_PAPER_NAMES.random,
      description: '从岗位技能题库按题型随机抽题。',
      paperBankId,
      sections: [
        { name: '单选题', rules: [{ bankIds, type: 1, count: 8, points: 5 }] },
        { name: '判断题', rules: [{ bankIds, type: 0, count: 5, points: 4 }] },
        { name: '多选题', rules: [{ bankIds, type: 2, count: 4, points: 10 }] },
      ],
    }),
  );
  demo.papers.set('random', paper.paperId);
}

/** The intelligent paper: type, difficulty and knowledge rules over both banks, with a fixed seed. */
async function autoPaper(demo: Demo, paperBankId: number): Promise<void> {
  const created = await createAutoPapers(
    demo.db,
    adminContext(demo),
    autoPaperInput.parse({
      rules: {
        bankIds: [need(demo.banks, SAFETY_BANK), need(demo.banks, SKILL_BANK)],
        typeRules: [
          { type: 0, count: 6, points: 3 },
          { type: 1, count: 8, points: 5 },
          { type: 2, count: 4, points: 6 },
          { type: 3, count: 3, points: 6 },
        ],
        difficulty: { mode: 'average', target: 3.5, tolerance: 1 },
        knowledgeRules: [
          { knowledgeId: need(demo.knowledge, '消防安全'), minCount: 3 },
          { knowledgeId: need(demo.knowledge, '异步编程'), minCount: 3 },
        ],
        seed: 'kaopei-demo',
      },
      paper: {
        name: DEMO_PAPER_NAMES.auto,
        description: '按题型、难度与知识点规则智能组卷。',
        paperBankId,
      },
    }),
  );
  const [paper] = created.papers;
  if (!paper) throw new Error('demo intelligent paper not created');
  demo.papers.set('auto', paper.paperId);
}

/** Demo step: a paper bank and the four papers, built by the paper module's own builders. */
export async function seedDemoPapers(demo: Demo): Promise<void> {
  const bank = await createPaperBank(demo.db, adminContext(demo), {
    name: '示例试卷库',
    description: '安全生产与岗位技能考试用卷。',
  });
  await manualPapers(demo, bank.id);
  await randomPaper(demo, bank.id);
  await autoPaper(demo, bank.id);
  await recordDemoActivity(
    demo,
    (Object.keys(DEMO_PAPER_NAMES) as DemoPaperKey[]).map((key, index) => ({
      at: demo.now - (15 - index) * DAY_MS,
      action: '创建试卷',
      detail: `创建了试卷「${DEMO_PAPER_NAMES[key]}」`,
    })),
  );
}
