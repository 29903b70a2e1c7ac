// The reliability suite's database and exam: a fresh PostgreSQL database (migrated here, before any
// server starts), an organisation with candidates, and a published exam of one code question and four
// true/false questions, made through the admin API of a running instance.
import pg from 'pg';
import { QuestionType } from '@kaopei/shared';
import { openDatabase, runMigrations, type Database } from '../../src/db/client';
import { seedReference } from '../../src/db/seed';
import {
  departments,
  organizations,
  paperQuestions,
  paperSections,
  papers,
  questionBanks,
  questions,
  users,
} from '../../src/db/schema';
import { TokenService } from '../../src/core/tokens';

/** The program every candidate hands in (the fake judge answers it correctly). */
export const SUM_PROGRAM = 'a, b = map(int, input().split())\nprint(a + b)';
const CODE_KEY = {
  languages: ['python'],
  templates: {},
  testCases: [
    { input: '1 2\n', output: '3', sample: true },
    { input: '5 5\n', output: '10' },
    { input: '100 1\n', output: '101' },
  ],
  timeLimit: 2000,
  memoryLimit: 128,
};
export const CODE_POINTS = 10;
export const FIRST_CASE_INPUT = '1 2\n';

/** A database of its own on the PostgreSQL server, migrated and seeded; `drop()` removes it. */
export async function freshDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `kaopei_reliability_${Date.now()}_${process.pid}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
  await runMigrations(database);
  await seedReference(database.db);
  await database.close();
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

export interface Candidate {
  userId: number;
  token: string;
}

export interface ExamFixture {
  organizationId: number;
  adminToken: string;
  departmentId: number;
  candidates: Candidate[];
  paperId: number;
}

/** An organisation, its admin and `count` candidates in one department, and the paper. */
export async function seedOrganisation(
  database: Database,
  jwtSecret: string,
  count: number,
): Promise<ExamFixture> {
  const { db } = database;
  const tokens = new TokenService(jwtSecret, 3600);
  const [org] = await db.insert(organizations).values({ name: '可靠性测试单位' }).returning();
  if (!org) throw new Error('organisation insert failed');
  const [dept] = await db.insert(departments).values({ organizationId: org.id, name: '考场' }).returning();
  const [admin] = await db
    .insert(users)
    .values({ organizationId: org.id, account: 'reladmin', realName: '管理员', isAdmin: true })
    .returning();
  const people = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        organizationId: org.id,
        account: `rel${String(i).padStart(3, '0')}`,
        realName: `考生${i}`,
        departmentId: dept?.id,
      })),
    )
    .returning({ id: users.id });
  if (!dept || !admin) throw new Error('set-up insert failed');
  const sign = (userId: number) => tokens.signAccess({ userId, organizationId: org.id });
  return {
    organizationId: org.id,
    adminToken: await sign(admin.id),
    departmentId: dept.id,
    candidates: await Promise.all(people.map(async (p) => ({ userId: p.id, token: await sign(p.id) }))),
    paperId: await insertPaper(database, org.id),
  };
}

/** One 10-point code question and four 5-point true/false questions. */
async function insertPaper(database: Database, organizationId: number): Promise<number> {
  const { db } = database;
  const [bank] = await db.insert(questionBanks).values({ organizationId, name: '题库' }).returning();
  if (!bank) throw new Error('bank insert failed');
  const base = { organizationId, bankId: bank.id, options: null, status: 1 };
  const inserted = await db
    .insert(questions)
    .values([
      { ...base, type: QuestionType.CODE, stem: '<p>两数之和</p>', stemText: '两数之和', answer: CODE_KEY },
      ...[1, 2, 3, 4].map((n) => ({
        ...base,
        type: QuestionType.TRUE_FALSE,
        stem: `<p>判断题 ${n}</p>`,
        stemText: `判断题 ${n}`,
        answer: n % 2 === 0,
      })),
    ])
    .returning({ id: questions.id });
  const [paper] = await db
    .insert(papers)
    .values({ organizationId, name: '可靠性试卷', status: 1, questionCount: 5, totalScore: 30 })
    .returning();
  if (!paper) throw new Error('paper insert failed');
  const [section] = await db.insert(paperSections).values({ paperId: paper.id, name: '综合' }).returning();
  await db.insert(paperQuestions).values(
    inserted.map((q, sort) => ({
      paperId: paper.id,
      sectionId: section?.id ?? 0,
      questionId: q.id,
      sort,
      points: sort === 0 ? CODE_POINTS : 5,
    })),
  );
  return paper.id;
}

async function adminCall<T>(address: string, token: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(address + url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; message: string; res?: { data: T } };
  if (res.status !== 200 || json.code !== 0) throw new Error(`${url}: ${res.status} ${json.message}`);
  return json.res?.data as T;
}

/** A published two-hour exam of the fixture's paper for its department; returns the exam id. */
export async function publishExam(address: string, fixture: ExamFixture): Promise<number> {
  const now = Date.now();
  const { examId } = await adminCall<{ examId: number }>(
    address,
    fixture.adminToken,
    '/exam/api/v1/exam/add',
    {
      name: '可靠性考试',
      paperIds: [fixture.paperId],
      startAt: now - 60_000,
      endAt: now + 3 * 3600_000,
      durationMinutes: 120,
      passScore: 10,
      audience: { mode: 'assigned', departmentIds: [fixture.departmentId] },
      settings: { showScore: 'immediately' },
      notify: false,
    },
  );
  await adminCall(address, fixture.adminToken, `/exam/api/v1/exam/publish?examId=${examId}`);
  return examId;
}
