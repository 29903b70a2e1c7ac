import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, withWorkMem, type DbOrTx } from '../../db/client';
import {
  attemptQuestions,
  departments,
  examAnalyses,
  examAttempts,
  examCandidates,
  examQuestions,
  exams,
  posts,
  questionBanks,
  questions,
  users,
  type ExamQuestionContent,
} from '../../db/schema';
import { containsPattern } from '../../core/db-errors';

/** The best graded attempt of each candidate (highest score, then earliest), as the exam report counts. */
const bestAttempts = (examId: number) => sql`(
  select distinct on (a.user_id) a.id, a.user_id, a.score, a.total_points, a.started_at, a.submitted_at
  from ${examAttempts} a where a.exam_id = ${examId}::bigint and a.status = 2
  order by a.user_id, a.score desc, a.submitted_at asc
)`;

export interface AnalysedAttempt {
  id: number;
  score: number;
  totalPoints: number;
  minutes: number | null;
  departmentName: string | null;
  postName: string | null;
}

/** Each candidate's best graded attempt with the person's department and post. */
export async function listBestAttempts(db: DbOrTx, examId: number): Promise<AnalysedAttempt[]> {
  const result = await db.execute(sql`
    select b.id, b.score, b.total_points,
           extract(epoch from (b.submitted_at - b.started_at)) / 60 as minutes,
           d.name as department_name, p.name as post_name
    from ${bestAttempts(examId)} b
    join ${users} u on u.id = b.user_id
    left join ${departments} d on d.id = u.department_id
    left join ${posts} p on p.id = u.post_id
    order by b.id`);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    id: Number(row.id),
    score: Number(row.score ?? 0),
    totalPoints: Number(row.total_points ?? 0),
    minutes: row.minutes === null || row.minutes === undefined ? null : Number(row.minutes),
    departmentName: (row.department_name as string | null) ?? null,
    postName: (row.post_name as string | null) ?? null,
  }));
}

export interface AnswerRow {
  attemptId: number;
  questionId: number;
  score: number;
  /** Left unanswered (no answer, an empty text, no option, every blank empty). */
  blank: boolean;
  /** The option indexes of a choice answer (a number or a list of numbers), else null. */
  choices: number[] | null;
  /** Seconds since the candidate's previous answer (or the start), when the answer has a time. */
  seconds: number | null;
}

/**
 * What the analysis needs of one answer: its JSON text, cut short (a choice is a number or a short list;
 * of a text only its emptiness matters). Cheaper than asking jsonb about it for 250,000 answers.
 */
const ANSWER_TEXT_MAX = 40;
const answerCode = sql.raw(`coalesce(left(q.answer::text, ${ANSWER_TEXT_MAX}), '')`);

const EMPTY_ANSWERS = new Set(['', 'null', '""', '[]']);
const ALL_BLANKS_EMPTY = /^\[(\s*"\s*"\s*,?)*\]$/;

/** Blank and chosen options of an answer's (cut) JSON text; ':' and ';' are read as part of the text. */
export function parseCode(code: string): Pick<AnswerRow, 'blank' | 'choices'> {
  if (EMPTY_ANSWERS.has(code) || /^"\s*"$/.test(code) || ALL_BLANKS_EMPTY.test(code))
    return { blank: true, choices: [] };
  if (/^\d+$/.test(code)) return { blank: false, choices: [Number(code)] };
  if (/^\[\d/.test(code)) {
    return {
      blank: false,
      choices: code
        .slice(1)
        .split(',')
        .map((n) => parseInt(n, 10))
        .filter(Number.isInteger),
    };
  }
  return { blank: false, choices: null };
}

/** Separators of the aggregated answers: control characters, never in the cut JSON text (JSON escapes them). */
const FIELD = '\u0001';
const CELL = '\u0002';

/** One attempt's answers from its cells, with each answer's gap to the one answered before. */
function parseCells(attemptId: number, startedAt: number, cells: string, out: AnswerRow[]): void {
  const first = out.length;
  const times: number[] = [];
  for (const cell of cells.split(CELL)) {
    const a = cell.indexOf(FIELD);
    const b = cell.indexOf(FIELD, a + 1);
    const c = cell.indexOf(FIELD, b + 1);
    if (a < 0 || b < 0 || c < 0) continue;
    const code = cell.slice(c + 1);
    const index = code.length > 0 && code.length < 4 ? Number(code) : Number.NaN;
    const parsed = Number.isInteger(index) ? { blank: false, choices: [index] } : parseCode(code);
    const at = cell.slice(b + 1, c);
    times.push(at === '' ? Number.NaN : Number(at));
    out.push({
      attemptId,
      questionId: Number(cell.slice(0, a)),
      score: Number(cell.slice(a + 1, b)),
      blank: parsed.blank,
      choices: parsed.choices,
      seconds: null,
    });
  }
  // Gaps in answering order: sort this attempt's timed answers by time.
  const order = times
    .flatMap((time, i) => (Number.isNaN(time) ? [] : [i]))
    .sort((x, y) => (times[x] as number) - (times[y] as number));
  let previous = startedAt;
  for (const i of order) {
    const time = times[i] as number;
    (out[first + i] as AnswerRow).seconds = Math.max(0, time - previous);
    previous = time;
  }
}

/**
 * Every answer of the analysed attempts. 250,000 answers as rows cost more to read and parse than to
 * compute, so each attempt comes as one text of `question score answered-epoch answer-text` cells (see
 * answerCode),
 * aggregated in memory (work_mem raised for this statement's transaction only).
 */
export async function listAnswers(db: DbOrTx, examId: number): Promise<AnswerRow[]> {
  const rows = await withWorkMem(db, 64, async (tx) => {
    const result = await tx.execute(sql`
      select b.id as attempt_id, floor(extract(epoch from b.started_at))::bigint as started,
             string_agg(q.question_id::text || ${FIELD} || coalesce(q.score, 0)::text || ${FIELD} ||
               coalesce(floor(extract(epoch from q.answered_at))::bigint::text, '') || ${FIELD} || ${answerCode},
               ${CELL}) as cells
      from ${bestAttempts(examId)} b
      join ${attemptQuestions} q on q.attempt_id = b.id
      group by b.id, b.started_at`);
    return rowsOf<{ attempt_id: unknown; started: unknown; cells: string | null }>(result);
  });
  const answers: AnswerRow[] = [];
  for (const row of rows) parseCells(Number(row.attempt_id), Number(row.started), row.cells ?? '', answers);
  return answers;
}

export interface PaperQuestion {
  questionId: number;
  content: ExamQuestionContent;
  sectionName: string;
  sectionSort: number;
  sort: number;
  points: number;
  /** The bank of the question while it exists in the organisation. */
  bankId: number | null;
}

/**
 * The exam's frozen questions in paper order (the first order a candidate saw them in), with their
 * points and the bank of the live question.
 */
export async function listPaperQuestions(db: DbOrTx, examId: number, organizationId: number) {
  const result = await db.execute(sql`
    select eq.question_id, eq.content, o.section_name, o.section_sort, o.sort, o.points, qq.bank_id
    from ${examQuestions} eq
    left join lateral (
      select aq.section_name, aq.section_sort, aq.sort, aq.points
      from ${attemptQuestions} aq join ${examAttempts} a on a.id = aq.attempt_id
      where a.exam_id = eq.exam_id and aq.question_id = eq.question_id
      limit 1
    ) o on true
    left join ${questions} qq on qq.id = eq.question_id and qq.organization_id = ${organizationId}::bigint
    where eq.exam_id = ${examId}::bigint
    order by o.section_sort nulls last, o.sort nulls last, eq.question_id`);
  return rowsOf<Record<string, unknown>>(result).map((row): PaperQuestion => ({
    questionId: Number(row.question_id),
    content: row.content as ExamQuestionContent,
    sectionName: (row.section_name as string | null) ?? '',
    sectionSort: Number(row.section_sort ?? 0),
    sort: Number(row.sort ?? 0),
    points: Number(row.points ?? 0),
    bankId: row.bank_id === null || row.bank_id === undefined ? null : Number(row.bank_id),
  }));
}

export async function countCandidates(db: DbOrTx, examId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(examCandidates)
    .where(eq(examCandidates.examId, examId));
  return Number(row?.n ?? 0);
}

// ---------- the cache ----------

export async function findCachedAnalysis(db: DbOrTx, examId: number) {
  const [row] = await db
    .select({ payload: examAnalyses.payload })
    .from(examAnalyses)
    .where(eq(examAnalyses.examId, examId));
  return row?.payload;
}

export async function storeAnalysis(
  db: DbOrTx,
  examId: number,
  organizationId: number,
  payload: Record<string, unknown>,
): Promise<void> {
  await db
    .insert(examAnalyses)
    .values({ examId, organizationId, payload, computedAt: new Date() })
    .onConflictDoUpdate({ target: examAnalyses.examId, set: { payload, computedAt: new Date() } });
}

export async function dropAnalysis(db: DbOrTx, examId: number): Promise<void> {
  await db.delete(examAnalyses).where(eq(examAnalyses.examId, examId));
}

// ---------- lists ----------

/** A page of the organisation's exams with graded attempts, newest first, with their figures. */
export async function listAnalysedExams(
  db: DbOrTx,
  organizationId: number,
  filter: { keyword?: string; limit: number; offset: number },
) {
  const pattern = filter.keyword ? containsPattern(filter.keyword) : undefined;
  const result = await db.execute(sql`
    select e.id, e.name, e.start_at, e.end_at, s.graded, s.mean_ratio, s.pass_rate, c.computed_at,
           count(*) over () as total
    from ${exams} e
    join lateral (
      select count(*)::int as graded,
             avg(b.score / nullif(b.total_points, 0)) as mean_ratio,
             avg(case when b.score >= e.pass_score then 1.0 else 0.0 end) as pass_rate
      from (
        select distinct on (a.user_id) a.score, a.total_points
        from ${examAttempts} a where a.exam_id = e.id and a.status = 2
        order by a.user_id, a.score desc
      ) b
    ) s on s.graded > 0
    left join ${examAnalyses} c on c.exam_id = e.id
    where e.organization_id = ${organizationId}::bigint
      ${pattern ? sql`and e.name ilike ${pattern}` : sql``}
    order by e.start_at desc nulls last, e.id desc
    limit ${filter.limit} offset ${filter.offset}`);
  return rowsOf<Record<string, unknown>>(result);
}

/** A page of the organisation's questions that exams have used (optionally of one bank). */
export async function listUsedQuestions(
  db: DbOrTx,
  organizationId: number,
  filter: { keyword?: string; bankId?: number; limit: number; offset: number },
) {
  const pattern = filter.keyword ? containsPattern(filter.keyword) : undefined;
  const where = and(
    eq(questions.organizationId, organizationId),
    filter.bankId ? eq(questions.bankId, filter.bankId) : undefined,
    pattern ? sql`${questions.stemText} ilike ${pattern}` : undefined,
    sql`exists (select 1 from ${examQuestions} eq where eq.question_id = ${questions.id})`,
  );
  const rows = await db
    .select({
      questionId: questions.id,
      stem: questions.stemText,
      type: questions.type,
      bankId: questions.bankId,
      bankName: questionBanks.name,
      total: sql<number>`count(*) over ()`,
    })
    .from(questions)
    .innerJoin(questionBanks, eq(questionBanks.id, questions.bankId))
    .where(where)
    .orderBy(sql`${questions.id} desc`)
    .limit(filter.limit)
    .offset(filter.offset);
  return rows;
}

/** The exams (of the organisation) that froze any of these questions, with their names. */
export async function listExamsOfQuestions(db: DbOrTx, organizationId: number, questionIds: number[]) {
  if (questionIds.length === 0) return [];
  return db
    .select({ examId: examQuestions.examId, questionId: examQuestions.questionId, name: exams.name })
    .from(examQuestions)
    .innerJoin(exams, eq(exams.id, examQuestions.examId))
    .where(
      and(
        eq(exams.organizationId, organizationId),
        sql`${examQuestions.questionId} in (${sql.join(
          questionIds.map((id) => sql`${id}::bigint`),
          sql`, `,
        )})`,
      ),
    );
}
