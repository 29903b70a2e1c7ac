/**
 * 练习与错题本 (issue 18, spec §2 study/practice, §4 release/close are calls, §7 Course service): practice
 * sets drawn from question banks, knowledge points or an ability; the learner's rounds with immediate
 * feedback; the wrong-answer book reviewed on an FSRS schedule; the administrators' statistics and
 * 错题分析. Paths under /course/api/v1/practice.
 */
import { z } from 'zod';
import { endpoint, envelopeOf, idOf, keyword, okReply, pagedQuery, pageOf } from './common';

/** The practice list page: every administrator call of practice sets needs it. */
export const PRACTICE_MENU = '/manage/study/practice/list';

const P = '/course/api/v1/practice';
const tag = '练习管理';
const learnTag = '学员练习';

/** The learner's pages (web); study tasks link to `practice(id)`. */
export const practicePaths = {
  list: '/m/practice',
  practice: (practiceId: number): string => `/m/practice/${practiceId}`,
  review: '/m/review',
  manageList: '/manage/study/practice/list',
  manageAdd: '/manage/study/practice/add',
  manageDetail: (practiceId: number): string => `/manage/study/practice/detail?practiceId=${practiceId}`,
} as const;

export const PRACTICE_STATUSES = ['draft', 'released', 'closed'] as const;
export type PracticeStatus = (typeof PRACTICE_STATUSES)[number];
export const PRACTICE_STATUS_LABELS: Record<PracticeStatus, string> = {
  draft: '草稿',
  released: '已发布',
  closed: '已关闭',
};
/** The stored number of each status (practices.status). */
export const PRACTICE_STATUS_CODES: Record<PracticeStatus, number> = { draft: 0, released: 1, closed: 2 };

export const PRACTICE_SOURCE_KINDS = ['bank', 'knowledge', 'ability'] as const;
export type PracticeSourceKind = (typeof PRACTICE_SOURCE_KINDS)[number];
export const PRACTICE_SOURCE_LABELS: Record<PracticeSourceKind, string> = {
  bank: '题库',
  knowledge: '知识点',
  ability: '能力',
};

/** Review ratings a learner may pick after a right answer (a wrong one is always 重来 / Again). */
export const REVIEW_RATINGS = ['hard', 'good', 'easy'] as const;
export type ReviewRating = (typeof REVIEW_RATINGS)[number];
export const REVIEW_RATING_LABELS: Record<ReviewRating, string> = {
  hard: '困难',
  good: '良好',
  easy: '简单',
};

export const PRACTICE_NAME_MAX = 100;
export const PRACTICE_DESCRIPTION_MAX = 2000;
export const ROUND_SIZE_MAX = 100;
export const PRACTICE_SOURCES_MAX = 50;
/** The pool of a released set holds at most this many questions. */
export const PRACTICE_POOL_MAX = 5000;

// ---------------------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------------------

const practiceIdQuery = z.object({ practiceId: idOf('练习') });

const nameField = z
  .string({ error: '练习名称不能为空' })
  .trim()
  .min(1, '练习名称不能为空')
  .max(PRACTICE_NAME_MAX, `练习名称不能超过 ${PRACTICE_NAME_MAX} 个字符`);

const descriptionField = z
  .string({ error: '练习说明必须是文本' })
  .trim()
  .max(PRACTICE_DESCRIPTION_MAX, `练习说明不能超过 ${PRACTICE_DESCRIPTION_MAX} 个字符`)
  .nullable()
  .optional()
  .transform((value) => (value === undefined ? undefined : value || null));

const roundSizeField = z.coerce
  .number<number | string>({ error: '每轮题数必须是数字' })
  .int('每轮题数必须是整数')
  .min(1, `每轮题数必须在 1 到 ${ROUND_SIZE_MAX} 之间`)
  .max(ROUND_SIZE_MAX, `每轮题数必须在 1 到 ${ROUND_SIZE_MAX} 之间`);

export const practiceSourceSchema = z.object({
  kind: z.enum(PRACTICE_SOURCE_KINDS, { error: '题目来源只能是题库、知识点或能力' }),
  refId: idOf('来源'),
});
export type PracticeSourceIn = z.input<typeof practiceSourceSchema>;

const sourcesField = z
  .array(practiceSourceSchema, { error: '题目来源必须是列表' })
  .min(1, '请至少选择一个题目来源')
  .max(PRACTICE_SOURCES_MAX, `题目来源一次最多 ${PRACTICE_SOURCES_MAX} 个`);

export const practiceAddSchema = z.object({
  name: nameField,
  description: descriptionField,
  roundSize: roundSizeField.default(10),
  sources: sourcesField,
});
export type PracticeAddIn = z.input<typeof practiceAddSchema>;

export const practiceModifySchema = z.object({
  practiceId: idOf('练习'),
  name: nameField.optional(),
  description: descriptionField,
  roundSize: roundSizeField.optional(),
  sources: sourcesField.optional(),
});
export type PracticeModifyIn = z.input<typeof practiceModifySchema>;

/** A learner's response: true/false, an option index, option indexes (multiple choice). */
const responseField = z.union([z.boolean(), z.number().int().min(0), z.array(z.number().int().min(0))], {
  error: '作答必须是 true/false、选项序号或选项序号列表',
});

export const practiceAnswerSchema = z.object({
  roundId: idOf('练习轮次'),
  questionId: idOf('试题'),
  answer: responseField,
});
export type PracticeAnswerIn = z.input<typeof practiceAnswerSchema>;

export const reviewAnswerSchema = z.object({
  questionId: idOf('试题'),
  answer: responseField,
  /** Taken when the answer is right (default 良好); a wrong answer is always 重来. */
  rating: z.enum(REVIEW_RATINGS, { error: '记忆程度只能是困难、良好或简单' }).default('good'),
});
export type ReviewAnswerIn = z.input<typeof reviewAnswerSchema>;

// ---------------------------------------------------------------------------------------------------------
// Replies
// ---------------------------------------------------------------------------------------------------------

export const practiceSourceView = z.object({
  kind: z.enum(PRACTICE_SOURCE_KINDS),
  refId: z.number(),
  /** null when the bank, knowledge point or ability is gone. */
  name: z.string().nullable(),
});
export type PracticeSourceView = z.infer<typeof practiceSourceView>;

export const practiceRow = z.object({
  practiceId: z.number(),
  name: z.string(),
  status: z.enum(PRACTICE_STATUSES),
  roundSize: z.number(),
  /** The fixed pool once released; before, the approved auto-gradable questions its sources hold now. */
  questionCount: z.number(),
  sources: z.array(practiceSourceView),
  participants: z.number(),
  rounds: z.number(),
  /** Percent of answers right, null before the first answer. */
  accuracy: z.number().nullable(),
  createdAt: z.number(),
  releasedAt: z.number().nullable(),
});
export type PracticeRow = z.infer<typeof practiceRow>;

export const practiceDetail = practiceRow.extend({
  description: z.string().nullable(),
  finishedRounds: z.number(),
  answers: z.number(),
  closedAt: z.number().nullable(),
});
export type PracticeDetail = z.infer<typeof practiceDetail>;

/** One question of a set, most missed first. */
export const practiceQuestionStat = z.object({
  questionId: z.number(),
  bankId: z.number(),
  type: z.number(),
  stemText: z.string(),
  answers: z.number(),
  wrong: z.number(),
  accuracy: z.number().nullable(),
});
export type PracticeQuestionStat = z.infer<typeof practiceQuestionStat>;

/** A knowledge point people keep missing (in this set, or across the organisation's review books). */
export const missedKnowledge = z.object({
  knowledgeId: z.number(),
  name: z.string(),
  wrong: z.number(),
  learners: z.number(),
});
export type MissedKnowledge = z.infer<typeof missedKnowledge>;

/** 错题分析: a question in the organisation's review books. */
export const missedQuestion = z.object({
  questionId: z.number(),
  bankId: z.number(),
  type: z.number(),
  stemText: z.string(),
  /** Learners whose book holds it now (not mastered). */
  learners: z.number(),
  /** Mistakes counted across every book (practice, exams, reviews). */
  mistakes: z.number(),
  mastered: z.number(),
});
export type MissedQuestion = z.infer<typeof missedQuestion>;

const namedOption = z.object({ id: z.number(), name: z.string() });
export const sourceOptions = z.object({
  banks: z.array(namedOption),
  knowledge: z.array(namedOption),
  abilities: z.array(namedOption),
});
export type SourceOptions = z.infer<typeof sourceOptions>;

/** A released set as the learner's list shows it. */
export const myPracticeRow = z.object({
  practiceId: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.enum(PRACTICE_STATUSES),
  roundSize: z.number(),
  questionCount: z.number(),
  myRounds: z.number(),
  myFinishedRounds: z.number(),
  myAnswers: z.number(),
  myAccuracy: z.number().nullable(),
  /** An unfinished round to resume. */
  openRoundId: z.number().nullable(),
  lastPractisedAt: z.number().nullable(),
});
export type MyPracticeRow = z.infer<typeof myPracticeRow>;

/** A question as the learner sees it: no key. */
export const learnerQuestion = z.object({
  questionId: z.number(),
  type: z.number(),
  /** Sanitised HTML of the editor. */
  stem: z.string(),
  options: z.array(z.object({ content: z.string() })).nullable(),
});
export type LearnerQuestion = z.infer<typeof learnerQuestion>;

export const practiceRoundView = z.object({
  roundId: z.number(),
  practiceId: z.number(),
  practiceName: z.string(),
  total: z.number(),
  answered: z.number(),
  correct: z.number(),
  finished: z.boolean(),
  /** The next question to answer; null once the round is finished. */
  question: learnerQuestion.nullable(),
});
export type PracticeRoundView = z.infer<typeof practiceRoundView>;

/** Immediate feedback on one answer. */
export const answerFeedback = z.object({
  correct: z.boolean(),
  /** The right answer in one line ('A', 'A,C', '正确'). */
  keyText: z.string(),
  /** Indexes of the right options (choice questions), else null. */
  correctOptions: z.array(z.number()).nullable(),
  /** The question's analysis (shown as text), null when none. */
  analysis: z.string().nullable(),
});
export type AnswerFeedback = z.infer<typeof answerFeedback>;

export const practiceAnswerResult = answerFeedback.extend({ round: practiceRoundView });
export type PracticeAnswerResult = z.infer<typeof practiceAnswerResult>;

export const reviewSummary = z.object({
  /** Cards due now (今天需复习 N 题: due before the end of today, server time). */
  dueCount: z.number(),
  /** Cards in the book (not mastered). */
  bookCount: z.number(),
  masteredCount: z.number(),
});
export type ReviewSummary = z.infer<typeof reviewSummary>;

export const reviewItem = z.object({
  question: learnerQuestion,
  wrongCount: z.number(),
  source: z.string(),
  due: z.number(),
});
export const reviewNext = reviewSummary.extend({ item: reviewItem.nullable() });
export type ReviewNext = z.infer<typeof reviewNext>;

export const reviewAnswerResult = answerFeedback.extend({
  /** The FSRS rating applied: again, hard, good, easy. */
  rating: z.enum(['again', ...REVIEW_RATINGS]),
  /** The card's next due date (epoch ms). */
  due: z.number(),
  scheduledDays: z.number(),
  /** The question left the book (recalled at a stable interval). */
  mastered: z.boolean(),
  summary: reviewSummary,
});
export type ReviewAnswerResult = z.infer<typeof reviewAnswerResult>;

// ---------------------------------------------------------------------------------------------------------
// Endpoints
// ---------------------------------------------------------------------------------------------------------

const admin = { menu: PRACTICE_MENU } as const;

export const practiceContracts = {
  list: endpoint({
    method: 'GET',
    path: `${P}/list`,
    tag,
    summary: '练习列表（分页；按状态筛选、名称搜索；含参与人数、轮次与正确率）',
    access: admin,
    query: pagedQuery({
      keyword,
      status: z.enum(PRACTICE_STATUSES, { error: '练习状态只能是草稿、已发布或已关闭' }).optional(),
    }),
    response: pageOf(practiceRow),
  }),
  sourceOptions: endpoint({
    method: 'GET',
    path: `${P}/source-options`,
    tag,
    summary: '可选的题目来源：本组织的题库、知识点与能力',
    access: admin,
    response: envelopeOf(sourceOptions),
  }),
  get: endpoint({
    method: 'GET',
    path: `${P}/get`,
    tag,
    summary: '练习详情：设置、来源与统计（参与人数、轮次、正确率）',
    access: admin,
    query: practiceIdQuery,
    response: envelopeOf(practiceDetail),
  }),
  add: endpoint({
    method: 'POST',
    path: `${P}/add`,
    tag,
    summary: '新建练习（草稿）',
    access: admin,
    body: practiceAddSchema,
    response: envelopeOf(z.object({ practiceId: z.number() })),
  }),
  modify: endpoint({
    method: 'POST',
    path: `${P}/modify`,
    tag,
    summary: '修改练习（仅草稿）',
    access: admin,
    body: practiceModifySchema,
    response: okReply,
  }),
  delete: endpoint({
    method: 'POST',
    path: `${P}/delete`,
    tag,
    summary: '删除练习（连同其轮次与作答记录）',
    access: admin,
    query: practiceIdQuery,
    response: okReply,
  }),
  release: endpoint({
    method: 'POST',
    path: `${P}/release`,
    tag,
    summary: '发布练习：固定题池（来源中已审核、可自动判分的试题）；题池为空时拒绝',
    access: admin,
    query: practiceIdQuery,
    response: envelopeOf(z.object({ questionCount: z.number() })),
  }),
  close: endpoint({
    method: 'POST',
    path: `${P}/close`,
    tag,
    summary: '关闭练习（学员不能再练习）',
    access: admin,
    query: practiceIdQuery,
    response: okReply,
  }),
  questionStats: endpoint({
    method: 'GET',
    path: `${P}/question-stats`,
    tag,
    summary: '每题统计（分页；错误最多的在前）',
    access: admin,
    query: pagedQuery({ practiceId: idOf('练习') }),
    response: pageOf(practiceQuestionStat),
  }),
  knowledgeStats: endpoint({
    method: 'GET',
    path: `${P}/knowledge-stats`,
    tag,
    summary: '练习中错得最多的知识点（前 20 个）',
    access: admin,
    query: practiceIdQuery,
    response: envelopeOf(z.array(missedKnowledge)),
  }),
  mistakes: endpoint({
    method: 'GET',
    path: `${P}/mistakes`,
    tag,
    summary: '错题分析：本组织错题本中的试题（分页；错得最多的在前）',
    access: admin,
    query: pagedQuery({ keyword }),
    response: pageOf(missedQuestion),
  }),
  mistakeKnowledge: endpoint({
    method: 'GET',
    path: `${P}/mistake-knowledge`,
    tag,
    summary: '错题分析：错题本中错得最多的知识点（前 20 个）',
    access: admin,
    response: envelopeOf(z.array(missedKnowledge)),
  }),

  my: endpoint({
    method: 'GET',
    path: `${P}/learn/my`,
    tag: learnTag,
    summary: '我的练习：本组织已发布的练习（分页），含我的轮次与正确率',
    access: 'member',
    query: pagedQuery({ keyword }),
    response: pageOf(myPracticeRow),
  }),
  start: endpoint({
    method: 'POST',
    path: `${P}/learn/start`,
    tag: learnTag,
    summary: '开始或继续一轮练习（有未完成的轮次时继续，从停下的题目起）',
    access: 'member',
    query: practiceIdQuery,
    response: envelopeOf(practiceRoundView),
  }),
  answer: endpoint({
    method: 'POST',
    path: `${P}/learn/answer`,
    tag: learnTag,
    summary: '作答一题：立即给出对错、正确答案与解析；答错的题进入错题本',
    access: 'member',
    body: practiceAnswerSchema,
    response: envelopeOf(practiceAnswerResult),
  }),
  reviewNext: endpoint({
    method: 'GET',
    path: `${P}/review/next`,
    tag: learnTag,
    summary: '错题复习：今天需复习的题数与下一道到期的题',
    access: 'member',
    response: envelopeOf(reviewNext),
  }),
  reviewAnswer: endpoint({
    method: 'POST',
    path: `${P}/review/answer`,
    tag: learnTag,
    summary: '复习作答：答错记为重来，答对按所选记忆程度（默认良好）用 FSRS 安排下次复习',
    access: 'member',
    body: reviewAnswerSchema,
    response: envelopeOf(reviewAnswerResult),
  }),
};
