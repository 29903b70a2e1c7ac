/**
 * Every endpoint that takes an id, called by one organisation's administrator with another
 * organisation's ids: nothing of the other organisation may be read, changed or linked to.
 *
 * Requests are built from the contracts (test/contract-samples.ts): id fields get the other
 * organisation's ids of the matching kind, other fields plausible values. Then:
 * - no reply is a server error, and no reply names one of the other organisation's ids;
 * - a write (POST/PUT/PATCH/DELETE) that sends one of the other organisation's ids is refused (4xx),
 *   unless it only reads (WRITES_THAT_READ), and the rows it named are exactly as before the call;
 * - the other organisation's rows are exactly as before;
 * - no row of the caller's organisation refers to a row of the other organisation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { is, sql } from 'drizzle-orm';
import { PgTable as PgTableClass } from 'drizzle-orm/pg-core';
import * as schema from './db/schema';
import { rowsOf } from './db/client';
import { createOrg, createTestApp, type TestApp, type TestOrg } from '../test/harness';
import { buildWorld } from '../test/factories';
import {
  FIELD_HINTS,
  allEndpoints,
  fillPath,
  isIdField,
  queryString,
  sample,
  type NamedEndpoint,
} from '../test/contract-samples';

/** The table an id field names, by the field's name (then by the contract's feature). */
const TABLE_OF_FIELD: [RegExp, string][] = [
  [/^(question|toQuestion)?[bB]ankIds?$|^questionBankIds?$/, 'question_banks'],
  [/^paperBankIds?$/, 'paper_banks'],
  [/^questionIds?$/, 'questions'],
  [/^paperIds?$/, 'papers'],
  [/^examIds?$/, 'exams'],
  [/^attemptIds?$/, 'exam_attempts'],
  [/^(category|toCategory)Ids?$/, 'paper_categories'],
  [/^tagIds?$/, 'tags'],
  [/^(department|toDepartment)Ids?$/, 'departments'],
  [/^(user|staff|leader|receiver|recipient|interviewer)Ids?$/, 'users'],
  [/^roleIds?$/, 'roles'],
  [/^(knowledge|node)Ids?$/, 'knowledge_nodes'],
  [/^ruleIds?$/, 'exam_auto_rules'],
  [/^postIds?$/, 'posts'],
  [/^familyIds?$/, 'post_families'],
  [/^abilityIds?$/, 'abilities'],
  [/^dimensionIds?$/, 'ability_dimensions'],
  [/^materialIds?$/, 'ability_materials'],
  [/^courseIds?$/, 'courses'],
  [/^chapterIds?$/, 'course_chapters'],
  [/^sectionIds?$/, 'course_sections'],
  [/^teacherIds?$/, 'teachers'],
  [/^groupIds?$/, 'course_groups'],
  [/^evaluationIds?$/, 'course_evaluations'],
  [/^taskIds?$/, 'study_tasks'],
  [/^practiceIds?$/, 'practices'],
  [/^targetIds?$/, 'study_targets'],
  [/^(file|cover|coverFile|poster|posterFile|avatarFile)Ids?$/, 'files'],
  [/^roundIds?$/, 'practice_rounds'],
  [/^scheduleIds?$/, 'analysis_report_schedules'],
  [/^productIds?$/, 'shop_products'],
  [/^orderIds?$/, 'shop_orders'],
  [/^scaleIds?$/, 'psy_scales'],
  [/^mentalExamIds?$/, 'psy_exams'],
  [/^jobIds?$/, 'recruitment_jobs'],
  [/^(campusSession)Ids?$/, 'recruitment_campus_sessions'],
  [/^applicantIds?$/, 'recruitment_applicants'],
  [/^applicationIds?$/, 'recruitment_applications'],
  [/^resumeIds?$/, 'recruitment_resumes'],
  [/^interviewIds?$/, 'interviews'],
];

/** Fields that name another table in one feature (a course's `categoryId` is a course category). */
const FEATURE_FIELD_TABLES: Record<string, Record<string, string>> = {
  course: { categoryId: 'course_categories', parentId: 'course_categories' },
  // A practice set's source is sampled as a bank (its first kind).
  practice: { refId: 'question_banks' },
  recruitment: { sessionId: 'recruitment_campus_sessions' },
};

const TABLE_OF_FEATURE: Record<string, string> = {
  tag: 'tags',
  bank: 'question_banks',
  question: 'questions',
  knowledge: 'knowledge_nodes',
  paper: 'papers',
  'paper-category': 'paper_categories',
  'paper-bank': 'paper_banks',
  exam: 'exams',
  'exam-auto': 'exam_auto_rules',
  'exam-candidate': 'exams',
  'exam-monitor': 'exams',
  department: 'departments',
  staff: 'users',
  role: 'roles',
  file: 'jobs',
  post: 'posts',
  ability: 'abilities',
  'post-exam': 'exams',
  course: 'courses',
  'course-content': 'course_sections',
  learn: 'courses',
  live: 'course_sections',
  'study-task': 'study_tasks',
  practice: 'practices',
  'study-target': 'study_targets',
  'exam-analysis': 'exams',
  'analysis-report': 'analysis_report_schedules',
  interview: 'interviews',
};

/** Hints of one feature (a `type` means something else in each). */
const FEATURE_HINTS: Record<string, Record<string, unknown>> = {
  question: { type: 0, questionType: 0 },
  paper: { type: 0 },
  tag: { type: 1 },
  exam: { type: 1 },
  role: { permission: 2, permissions: [1] },
  'study-task': { startAt: 1_700_000_000_000, dueAt: 1_800_000_000_000 },
  interview: { applicantPhone: '13800001111', applicantEmail: 'wang@example.com' },
};

/** The table an id field names; `feature` resolves `id`/`parentId` (left out for replies, whose nested
 * objects may be of any kind: a role's menu tree has menu ids). */
function tableOf(field: string, feature?: string): string | undefined {
  const own = feature === undefined ? undefined : FEATURE_FIELD_TABLES[feature]?.[field];
  if (own) return own;
  for (const [pattern, table] of TABLE_OF_FIELD) if (pattern.test(field)) return table;
  if (feature === undefined) return undefined;
  // `id` and `parentId` name a row of the contract's own feature.
  return ['id', 'ids', 'parentId'].includes(field) ? TABLE_OF_FEATURE[feature] : undefined;
}

const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable =>
  is(value, PgTableClass),
);
const orgTables = tables
  .map((table) => getTableConfig(table))
  .filter((config) => config.columns.some((c) => c.name === 'organization_id'));
const hasId = (config: (typeof orgTables)[number]) => config.columns.some((c) => c.name === 'id');

let t: TestApp;
let caller: TestOrg;
let other: TestOrg;
let platformOrgId: number;
/** The other organisation's ids, by table. */
const otherIds = new Map<string, number[]>();

async function query<T>(text: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await t.app.deps.db.execute(text));
}

/** A digest of every row the other organisation owns, table by table. */
async function digestOf(orgId: number): Promise<Record<string, string>> {
  const digest: Record<string, string> = {};
  for (const config of orgTables) {
    // Tables keyed by their links (members, progress, attendance) have no id: their rows sort as text.
    const order = hasId(config) ? sql`t.id` : sql`t::text`;
    const [row] = await query<{ md5: string | null }>(
      sql`select md5(string_agg(t::text, '|' order by ${order})) as md5 from ${sql.identifier(config.name)} t
          where t.organization_id = ${orgId}`,
    );
    digest[config.name] = row?.md5 ?? '';
  }
  return digest;
}

/**
 * POSTs that only read (searches, trees, counts, exports): a filter naming another organisation's row
 * matches nothing, so they answer 200 with nothing of theirs (checked by the reply and the digests).
 */
const WRITES_THAT_READ = new Set<string>([
  'ability.search',
  'ability.materialSearch',
  'bank.list',
  'knowledge.searchCountedTree',
  'notice.bell',
  'paper-bank.searchOuter',
  'question.search',
  'question.platformSearch',
  'question.typeCount',
  'question.knowledgeTypeCount',
  'question.searchKnowledgeTypeCount',
]);

/** A row named by a request, and the text of the row (null: no such row). */
type RowSnapshot = Map<string, string | null>;

/** The rows a request named, each as text, keyed `table#id`. */
async function snapshotRows(named: { table: string; id: number }[]): Promise<RowSnapshot> {
  const snapshot: RowSnapshot = new Map();
  const byTable = new Map<string, number[]>();
  for (const { table, id } of named) byTable.set(table, [...(byTable.get(table) ?? []), id]);
  for (const [table, ids] of byTable) {
    const rows = await query<{ id: number; row: string }>(
      sql`select t.id, t::text as row from ${sql.identifier(table)} t
          where t.id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
    for (const id of ids) snapshot.set(`${table}#${id}`, null);
    for (const row of rows) snapshot.set(`${table}#${Number(row.id)}`, row.row);
  }
  return snapshot;
}

/** How a write that named another organisation's rows went wrong, if it did. */
function writeProblems(
  name: string,
  method: string,
  status: number,
  before: RowSnapshot,
  after: RowSnapshot,
): string[] {
  const problems: string[] = [];
  if (status < 400 && !WRITES_THAT_READ.has(name))
    problems.push(
      `${name}: ${method} with the other organisation's ${[...before.keys()].join(' ')} answered ${status}`,
    );
  for (const [key, row] of before)
    if (after.get(key) !== row) problems.push(`${name}: changed the other organisation's ${key}`);
  return problems;
}

function isSkipped({ name, endpoint }: NamedEndpoint): boolean {
  // Public calls have no organisation to cross; sign-in and sign-out would end the caller's session.
  return endpoint.access === 'public' || name.startsWith('auth.') || name.startsWith('account.');
}

function idsIn(value: unknown, found: { key: string; id: number }[] = [], key = ''): typeof found {
  if (Array.isArray(value)) for (const item of value) idsIn(item, found, key);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) idsIn(v, found, k);
  else if (typeof value === 'number' && isIdField(key)) found.push({ key, id: value });
  return found;
}

beforeAll(async () => {
  t = await createTestApp();
  caller = await createOrg(t);
  other = await createOrg(t);
  await buildWorld(t, caller);
  await buildWorld(t, other);
  const [platform] = await query<{ id: number }>(sql`select id from organizations where kind = 'platform'`);
  platformOrgId = Number(platform?.id ?? 0);
  for (const config of orgTables.filter(hasId)) {
    const rows = await query<{ id: number }>(
      sql`select id from ${sql.identifier(config.name)} where organization_id = ${other.id} order by id`,
    );
    otherIds.set(
      config.name,
      rows.map((row) => Number(row.id)),
    );
  }
}, 120_000);
afterAll(() => t.close());

describe('another organisation’s ids', () => {
  it('are refused or ignored by every endpoint, and nothing of theirs is read, changed or linked', async () => {
    const before = await digestOf(other.id);
    const endpoints = (await allEndpoints()).filter((entry) => !isSkipped(entry));
    const problems: string[] = [];
    let walked = 0;
    let writes = 0;
    const statuses = new Map<number, string[]>();
    for (const entry of endpoints) {
      const feature = entry.name.split('.')[0] ?? '';
      const named: { table: string; id: number }[] = [];
      const ids = (field: string, list: boolean) => {
        const table = tableOf(field, feature);
        const pool = table ? otherIds.get(table) : undefined;
        if (!table || !pool || pool.length === 0) return undefined;
        const chosen = list ? pool.slice(0, 3) : pool.slice(-1);
        named.push(...chosen.map((id) => ({ table, id })));
        return list ? chosen : chosen[0];
      };
      const { endpoint } = entry;
      const hints = { ...FIELD_HINTS, ...FEATURE_HINTS[feature] };
      const params = endpoint.params
        ? (sample(endpoint.params, ids, '', hints) as Record<string, unknown>)
        : {};
      const q = endpoint.query ? (sample(endpoint.query, ids, '', hints) as Record<string, unknown>) : {};
      const body = endpoint.body ? sample(endpoint.body, ids, '', hints) : undefined;
      const url = fillPath(endpoint.path.replace('*', 'x'), params) + queryString(q);
      const isWrite = endpoint.method !== 'GET' && named.length > 0;
      const rowsBefore = isWrite ? await snapshotRows(named) : undefined;
      const reply = await Promise.race([
        t.app.inject({
          method: endpoint.method,
          url,
          headers: { authorization: `Bearer ${caller.admin.token}` },
          ...(body !== undefined ? { payload: body as object } : {}),
        }),
        new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 3000)),
      ]);
      walked += 1;
      if (reply === 'hung') {
        problems.push(`${entry.name}: kept the connection open (a stream of another organisation's data?)`);
        continue;
      }
      const seen = reply.statusCode === 400 ? `${entry.name}(${reply.json().message})` : entry.name;
      statuses.set(reply.statusCode, [...(statuses.get(reply.statusCode) ?? []), seen]);
      if (reply.statusCode >= 500)
        problems.push(`${entry.name}: ${reply.statusCode} ${reply.body.slice(0, 200)}`);
      if (rowsBefore) {
        writes += 1;
        const rowsAfter = await snapshotRows(named);
        problems.push(...writeProblems(entry.name, endpoint.method, reply.statusCode, rowsBefore, rowsAfter));
      }
      if (reply.statusCode !== 200 || !reply.headers['content-type']?.toString().includes('json')) continue;
      for (const { key, id } of idsIn(reply.json())) {
        const table = tableOf(key);
        if (table && otherIds.get(table)?.includes(id))
          problems.push(`${entry.name}: the reply names ${key} ${id} of the other organisation`);
      }
    }
    if (process.env.CROSS_ORG_REPORT)
      console.info(
        [...statuses].map(([status, names]) => `${status}: ${names.join(' ')}`).join('\n'),
        `\nwrites naming the other organisation's rows: ${writes}`,
      );
    expect(problems).toEqual([]);
    expect(walked).toBeGreaterThan(150);
    // Writes that named another organisation's rows, each refused with those rows unchanged.
    expect(writes).toBeGreaterThan(100);
    expect(await digestOf(other.id)).toEqual(before);
  }, 300_000);

  it('left no row of the caller referring to a row of the other organisation', async () => {
    const crossLinks: string[] = [];
    for (const table of tables) {
      const config = getTableConfig(table);
      const own = config.columns.some((c) => c.name === 'organization_id');
      for (const fk of config.foreignKeys) {
        const reference = fk.reference();
        const parent = getTableConfig(reference.foreignTable);
        if (!parent.columns.some((c) => c.name === 'organization_id') || !own) continue;
        const column = reference.columns[0]?.name;
        const parentColumn = reference.foreignColumns[0]?.name;
        if (!column || !parentColumn || parent.name === 'organizations') continue;
        const [row] = await query<{ n: number }>(
          sql`select count(*)::int as n from ${sql.identifier(config.name)} c
              join ${sql.identifier(parent.name)} p on p.${sql.identifier(parentColumn)} = c.${sql.identifier(column)}
              where c.organization_id = ${caller.id} and p.organization_id not in (${caller.id}, ${platformOrgId})`,
        );
        if ((row?.n ?? 0) > 0) crossLinks.push(`${config.name}.${column} → ${parent.name}: ${row?.n}`);
      }
    }
    expect(crossLinks).toEqual([]);
  });
});
