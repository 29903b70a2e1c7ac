import { eq } from 'drizzle-orm';
import type { PostPaperInput } from '@kaopei/shared/contracts/post-exam';
import { TagType } from '@kaopei/shared';
import { EVALUATE_BANK_CATEGORY } from '@kaopei/shared/contracts/post-exam';
import { abilityTags, examCandidates, questionBanks, questions, questionTags, tags } from '../schema';
import { sanitizeStem } from '../../modules/question/question.rules';
import { createPaper } from '../../modules/paper/paper.service';
import { AppError } from '../../core/http';
import { updateExam } from '../../modules/exam/exam.repo';
import { seededRng } from '../../modules/paper/paper.rng';
import { generatePostPaper, postModel } from '../../modules/post-exam/post-exam.paper';
import { addEvaluationExam, addPostExam } from '../../modules/post-exam/post-exam.service';
import { recordAttemptAbilities } from '../../modules/post-exam/attempt-ability.repo';
import { simulateAttempts } from './attempts';
import { adminContext, DAY_MS, need, recordDemoActivity, type Demo } from './demo';

/** The demo's post exam: last week, for the staff of this post, with a paper generated from its model. */
export const DEMO_POST_EXAM = { post: 'Java开发工程师', name: 'Java开发工程师岗位能力测评' } as const;

const HOUR_MS = 3600_000;
const SITTERS = 40;
/** Objective types only (graded at once), their most questions and points per question. */
const TYPES = [
  { type: 1, most: 10, points: 4 },
  { type: 2, most: 5, points: 5 },
  { type: 0, most: 5, points: 2 },
  { type: 3, most: 5, points: 4 },
];

/**
 * Type rules the model's question supply allows (about half of each type on offer), the single choice
 * points making the paper 100 when that comes out to one decimal, as the demo's other papers are.
 */
function typeRulesOf(model: Awaited<ReturnType<typeof postModel>>): PostPaperInput['typeRules'] {
  const supply = new Map<number, number>();
  for (const ability of model.abilities)
    for (const t of ability.typeCounts) supply.set(t.type, (supply.get(t.type) ?? 0) + t.count);
  const rules = TYPES.flatMap(({ type, most, points }) => {
    const count = Math.min(most, Math.floor((supply.get(type) ?? 0) / 2));
    return count >= 2 ? [{ type, count, points }] : [];
  });
  const single = rules.find((rule) => rule.type === 1);
  const rest = rules.reduce((sum, rule) => sum + (rule === single ? 0 : rule.count * rule.points), 0);
  const points = single ? (100 - rest) / single.count : 0;
  if (single && points > 0 && Number.isInteger(points * 10)) single.points = points;
  return rules;
}

/** The post paper: intelligent first; the random draw when the supply is too thin for the shares. */
async function demoPaper(demo: Demo, postId: number): Promise<number | undefined> {
  const ctx = adminContext(demo);
  const model = await postModel(demo.db, ctx, postId);
  const typeRules = typeRulesOf(model);
  if (model.problem || typeRules.length === 0) return undefined;
  for (const mode of ['auto', 'random'] as const) {
    try {
      const created = await generatePostPaper(demo.db, ctx, {
        postId,
        mode,
        name: `${DEMO_POST_EXAM.post}岗位能力测评卷`,
        typeRules,
        tolerance: 10,
        seed: 'kaopei-demo-post-paper',
      });
      return created.paper.paperId;
    } catch (error) {
      // A refusal (400): the next mode asks less of the question supply.
      if (!(error instanceof AppError)) throw error;
    }
  }
  return undefined;
}

/**
 * A post paper for Java开发工程师 generated from its model, and last week's post exam for the
 * post's staff, sat and graded (the simulated attempts), with every attempt's per-ability results
 * recorded by the real rule. Skipped when the posts and abilities steps gave the post no model.
 */
async function seedDemoPostExam(demo: Demo): Promise<void> {
  const postId = demo.posts.get(DEMO_POST_EXAM.post);
  if (postId === undefined) return;
  const paperId = await demoPaper(demo, postId);
  if (paperId === undefined) return;
  const ctx = adminContext(demo);
  const startAt = demo.now - 8 * DAY_MS;
  const endAt = demo.now - 6 * DAY_MS;
  const durationMinutes = 60;
  // Published while open (the exams module refuses a closed window), then moved to last week.
  const exam = await addPostExam(demo.db, ctx, {
    postId,
    paperId,
    name: DEMO_POST_EXAM.name,
    startAt,
    endAt: demo.now + HOUR_MS,
    durationMinutes,
    publish: true,
  }).catch((error: unknown) => {
    // The post has no staff yet: no exam to show.
    if (error instanceof AppError) return undefined;
    throw error;
  });
  if (!exam) return;
  const candidates = await demo.db
    .select({ userId: examCandidates.userId })
    .from(examCandidates)
    .where(eq(examCandidates.examId, exam.examId))
    .orderBy(examCandidates.userId);
  const rng = seededRng('kaopei-demo-post-exam');
  // About forty of the post's staff sat it (the demo's post has more; the seed stays quick).
  const sat = candidates
    .filter(() => rng() < 0.95)
    .map((c) => c.userId)
    .slice(0, SITTERS);
  const attemptIds = await simulateAttempts(
    demo,
    { examId: exam.examId, paperId, passScore: exam.passScore, durationMinutes, endAt, partialCredit: false },
    sat.map((userId) => ({
      userId,
      startAt: Math.round(startAt + rng() * (endAt - startAt - durationMinutes * 60_000)),
    })),
    rng,
    endAt,
  );
  for (const attemptId of attemptIds.values()) await recordAttemptAbilities(demo.db, attemptId);
  await updateExam(demo.db, exam.examId, {
    endAt: new Date(endAt),
    publishedAt: new Date(startAt - DAY_MS),
  });
  await recordDemoActivity(demo, [
    { at: startAt - DAY_MS, action: '发布考试', detail: `发布了岗位考试「${DEMO_POST_EXAM.name}」` },
  ]);
}

// ---------- the evaluation exam ----------

export const DEMO_EVALUATION = {
  bank: '通用素质测评题库',
  paper: '通用素质测评卷',
  exam: '通用素质能力测评',
} as const;

/** Situational questions of the 测评 bank: [ability (its tag), stem, options (the first is best), difficulty]. */
const SITUATIONS: [string, string, string[], number][] = [
  [
    '沟通表达',
    '向不熟悉技术的客户说明一次系统故障，最合适的做法是？',
    [
      '先讲影响和恢复时间，再用类比说明原因',
      '详细讲解技术细节，体现专业',
      '只说“已经在处理”',
      '请客户直接联系开发人员',
    ],
    3,
  ],
  [
    '沟通表达',
    '会议上同事提出与你相反的方案，你首先会？',
    ['复述对方要点，确认理解后再比较两个方案', '立即指出对方方案的缺陷', '沉默，会后再说', '请领导直接拍板'],
    4,
  ],
  [
    '沟通表达',
    '给上级写周报，最重要的是？',
    ['结论先行，列出进展、风险和需要的支持', '按时间顺序记录每天做了什么', '越详细越好', '只写完成的事情'],
    5,
  ],
  [
    '团队协作',
    '同事因家事无法按期完成共同任务的一部分，你会？',
    [
      '和团队一起调整分工，先保证关键交付',
      '只完成自己的部分',
      '向上级反映同事拖延',
      '独自加班全部完成且不告诉任何人',
    ],
    3,
  ],
  [
    '团队协作',
    '你发现其他小组的接口设计会影响你们的进度，你会？',
    [
      '主动约对方沟通，提出具体的改进建议和时间点',
      '等他们自己发现问题',
      '在群里公开批评',
      '绕开接口自己实现一套',
    ],
    5,
  ],
  [
    '团队协作',
    '新同事加入团队后频繁出错，你会？',
    ['分享经验和文档，约定定期答疑', '认为这是他自己的问题', '向领导建议换人', '帮他把工作都做了'],
    4,
  ],
  [
    '问题解决',
    '线上问题反复出现，最有效的做法是？',
    ['分析根因并从流程或机制上预防', '每次出现时快速重启', '增加人员值班', '等用户反馈后再处理'],
    5,
  ],
  [
    '问题解决',
    '面对一个从未遇到过的复杂问题，第一步应当是？',
    [
      '拆解问题、收集事实，明确要解决的核心',
      '立即尝试最先想到的方案',
      '等待有经验的人处理',
      '先向上级汇报再说',
    ],
    4,
  ],
  [
    '问题解决',
    '两个方案各有利弊时，你会？',
    ['列出评估标准，比较成本、风险和收益后决定', '选择自己熟悉的方案', '选择最便宜的方案', '两个都做'],
    6,
  ],
  [
    '学习能力',
    '工作需要一门新的技术，你通常会？',
    ['先掌握核心概念，用小项目实践并总结', '等公司安排培训', '只在用到时查资料', '请同事代劳'],
    3,
  ],
  [
    '学习能力',
    '项目结束后，最有助于个人成长的是？',
    ['复盘得失，沉淀可复用的方法', '马上投入下一个项目', '只记录遇到的错误', '和同事比较绩效'],
    4,
  ],
  [
    '学习能力',
    '收到他人对你工作的批评意见，你会？',
    ['了解具体情况，找出可以改进的地方', '解释自己的理由', '忽略不计', '感到沮丧并回避'],
    5,
  ],
];

/** The 测评 bank (category 测评): situational questions tagged with the 通用素质 ability they measure. */
async function evaluationPaper(demo: Demo): Promise<number | undefined> {
  const names = [...new Set(SITUATIONS.map(([ability]) => ability))];
  const abilityIds = names.map((name) => demo.abilities.get(name));
  if (abilityIds.some((id) => id === undefined)) return undefined;
  const admin = adminContext(demo).userId;
  const [bank] = await demo.db
    .insert(questionBanks)
    .values({
      organizationId: demo.organizationId,
      name: DEMO_EVALUATION.bank,
      description: '情境判断题，衡量沟通表达、团队协作、问题解决与学习能力。',
      category: EVALUATE_BANK_CATEGORY,
      createdBy: admin,
    })
    .returning({ id: questionBanks.id });
  if (!bank) throw new Error('evaluation bank insert failed');
  const tagRows = await demo.db
    .insert(tags)
    .values(
      names.map((name) => ({
        organizationId: demo.organizationId,
        type: TagType.QUESTION,
        name: `测评·${name}`,
      })),
    )
    .returning({ id: tags.id, name: tags.name });
  const tagOf = new Map(tagRows.map((row) => [row.name.replace('测评·', ''), row.id]));
  // The abilities take the tags: their questions measure them (ability-measure.repo).
  await demo.db
    .insert(abilityTags)
    .values(names.map((name) => ({ abilityId: need(demo.abilities, name), tagId: need(tagOf, name) })));
  const inserted = await demo.db
    .insert(questions)
    .values(
      SITUATIONS.map(([, text, options, difficulty]) => {
        const { stem, stemText } = sanitizeStem(`<p>${text}</p>`);
        return {
          organizationId: demo.organizationId,
          bankId: bank.id,
          type: 1,
          stem,
          stemText,
          options: options.map((content, index) => ({ content, correct: index === 0 })),
          difficulty,
          status: 1,
          auditedBy: admin,
          auditedAt: new Date(demo.now - 20 * DAY_MS),
          createdBy: admin,
        };
      }),
    )
    .returning({ id: questions.id });
  await demo.db.insert(questionTags).values(
    inserted.map((row, index) => ({
      questionId: row.id,
      tagId: need(tagOf, SITUATIONS[index]?.[0] ?? ''),
    })),
  );
  const paper = await createPaper(
    demo.db,
    adminContext(demo),
    {
      name: DEMO_EVALUATION.paper,
      settings: { shuffleOptions: true },
      sectionVOS: [
        { name: '情境判断题', questionVOS: inserted.map((row) => ({ questionId: row.id, points: 5 })) },
      ],
    },
    { status: 1 },
  );
  return paper.paperId;
}

/** Demo step part: the 测评 bank and paper, and an evaluation exam 技术部 sat two weeks ago. */
async function seedDemoEvaluation(demo: Demo): Promise<void> {
  const paperId = await evaluationPaper(demo);
  const departmentId = demo.departments.get('技术部');
  if (paperId === undefined || departmentId === undefined) return;
  const ctx = adminContext(demo);
  const startAt = demo.now - 15 * DAY_MS;
  const endAt = demo.now - 13 * DAY_MS;
  const durationMinutes = 30;
  const exam = await addEvaluationExam(demo.db, ctx, {
    paperId,
    name: DEMO_EVALUATION.exam,
    startAt,
    endAt: demo.now + HOUR_MS,
    durationMinutes,
    departmentIds: [departmentId],
    includeSubDepartments: true,
    userIds: [],
    publish: true,
  });
  const candidates = await demo.db
    .select({ userId: examCandidates.userId })
    .from(examCandidates)
    .where(eq(examCandidates.examId, exam.examId))
    .orderBy(examCandidates.userId);
  const rng = seededRng('kaopei-demo-evaluation');
  const sat = candidates
    .map((c) => c.userId)
    .filter(() => rng() < 0.6)
    .slice(0, 30);
  const attemptIds = await simulateAttempts(
    demo,
    { examId: exam.examId, paperId, passScore: exam.passScore, durationMinutes, endAt, partialCredit: false },
    sat.map((userId) => ({
      userId,
      startAt: Math.round(startAt + rng() * (endAt - startAt - durationMinutes * 60_000)),
    })),
    rng,
    endAt,
  );
  for (const attemptId of attemptIds.values()) await recordAttemptAbilities(demo.db, attemptId);
  await updateExam(demo.db, exam.examId, { endAt: new Date(endAt), publishedAt: new Date(startAt - DAY_MS) });
}

/**
 * Demo step: last week's post exam of Java开发工程师 and the evaluation exam of 技术部, each with its
 * attempts' per-ability results recorded by the real rule.
 */
export async function seedDemoPostExams(demo: Demo): Promise<void> {
  await seedDemoPostExam(demo);
  await seedDemoEvaluation(demo);
}
