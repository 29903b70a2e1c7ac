import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../client';
import { organizations, users } from '../schema';
import { hashPassword } from '../../core/crypto';
import { syncMenus } from '../../modules/menu/menu.service';
import { DAY_MS, need, recordDemoActivity, type Demo, type DemoStep } from './demo';
import { seedDemoExams } from './exams';
import { seedDemoKnowledge, seedPlatformKnowledge } from './knowledge';
import { seedDemoNoticesStep } from './notices';
import { seedDemoOrg } from './org';
import { seedDemoPapers } from './papers';
import { PLATFORM_ADMIN_ACCOUNT, ensurePlatformOrganization, platformOrganizationId } from './platform';
import { seedPublicBank } from './public-bank';
import { seedDemoQuestions } from './questions';
import { seedDemoStaff } from './staff';
import { seedDemoPosts } from './posts';
import { seedDemoAbilities } from './abilities';
import { seedDemoPostExams } from './post-exams';
import { seedDemoRatings } from './ratings';
import { seedDemoCourses } from './courses';
import { seedDemoCourseContent } from './course-content';
import type { Storage } from '../../core/storage';
import { seedDemoLives } from './lives';
import { seedDemoCourseProgress } from './course-progress';
import { seedDemoStudyTasks } from './study-tasks';
import { seedDemoPractices } from './practices';
import { seedDemoShop } from './shop';
import { seedDemoStudyTargets } from './study-targets';
import { seedDemoAnalysisHistory } from './analysis-history';
import { seedDemoCalibration } from './question-calibration';
import { seedDemoAnalysisReports } from './analysis-reports';
import { seedDemoPsych } from './psych';
import { seedDemoAutoExam } from './exam-auto';
import { seedDemoInterviews } from './interviews';
import { seedDemoRecruitment } from './recruitment';

export { PLATFORM_ADMIN_ACCOUNT, PLATFORM_ORG_NAME } from './platform';
export { PUBLIC_BANK_NAME } from './public-bank';

export const DEMO_ORG_NAME = '示例科技有限公司';

/** Reference data every installation needs: the menu tree and the platform organisation. */
export async function seedReference(db: Db): Promise<void> {
  await syncMenus(db);
  await ensurePlatformOrganization(db);
  const platformId = await platformOrganizationId(db);
  await seedPlatformKnowledge(db, platformId);
  await seedPublicBank(db, platformId);
}

/**
 * Makes sure the platform administrator exists with `password` (PLATFORM_ADMIN_PASSWORD, at every start,
 * so that changing the variable rotates the password). Returns what it did; 'conflict' when the account
 * name belongs to someone outside the platform organisation (nothing is changed then).
 */
export async function ensurePlatformAdmin(
  db: Db,
  password: string,
): Promise<'created' | 'updated' | 'conflict'> {
  const platformId = await platformOrganizationId(db);
  const passwordHash = await hashPassword(password);
  const [existing] = await db
    .select({ id: users.id, organizationId: users.organizationId })
    .from(users)
    .where(sql`lower(${users.account}) = ${PLATFORM_ADMIN_ACCOUNT}`);
  if (existing && existing.organizationId !== platformId) return 'conflict';
  if (existing) {
    await db
      .update(users)
      .set({ passwordHash, isAdmin: true, status: 0, updatedAt: new Date() })
      .where(sql`${users.id} = ${existing.id}`);
    return 'updated';
  }
  await db.insert(users).values({
    organizationId: platformId,
    account: PLATFORM_ADMIN_ACCOUNT,
    realName: '平台管理员',
    isAdmin: true,
    passwordHash,
  });
  return 'created';
}

export const DEMO_ACCOUNTS = [
  { account: 'admin', realName: '系统管理员', note: '组织管理员' },
  { account: 'zhangsan', realName: '张三', note: '普通员工' },
  { account: PLATFORM_ADMIN_ACCOUNT, realName: '平台管理员', note: '审核组织入驻申请' },
] as const;

/**
 * The demo organisation's data, one step per feature, in order (a step reads what earlier ones stored
 * in `Demo`). A new feature adds its demo data as a module of this folder and a line here.
 */
const DEMO_STEPS: DemoStep[] = [
  { name: 'organisation (departments, roles, named people)', run: seedDemoOrg },
  { name: 'simulated staff', run: seedDemoStaff },
  { name: 'notices', run: seedDemoNoticesStep },
  { name: 'knowledge', run: seedDemoKnowledge },
  { name: 'questions', run: seedDemoQuestions },
  { name: 'papers', run: seedDemoPapers },
  { name: 'exams and results', run: seedDemoExams },
  { name: 'post families and posts', run: seedDemoPosts },
  { name: 'ability library and post models', run: seedDemoAbilities },
  { name: 'post exams and ability results', run: seedDemoPostExams },
  { name: 'manager ratings', run: seedDemoRatings },
  { name: 'course categories, teachers, courses and members', run: seedDemoCourses },
  { name: 'course chapters, sections, videos and documents', run: seedDemoCourseContent },
  { name: 'live classes', run: seedDemoLives },
  { name: 'course progress and ratings', run: seedDemoCourseProgress },
  { name: 'study tasks', run: seedDemoStudyTasks },
  { name: 'practice sets, rounds and review books', run: seedDemoPractices },
  { name: 'learning targets this quarter', run: seedDemoStudyTargets },
  { name: 'past monthly quizzes (analysis trends)', run: seedDemoAnalysisHistory },
  { name: 'IRT calibration of the demo banks', run: seedDemoCalibration },
  { name: 'scheduled analysis report', run: seedDemoAnalysisReports },
  { name: 'products and orders of the store', run: seedDemoShop },
  { name: 'psychological scale and mental exams', run: seedDemoPsych },
  { name: 'automatic exam rule and its generated paper', run: seedDemoAutoExam },
  { name: 'video interviews', run: seedDemoInterviews },
  { name: 'recruitment jobs, campus session, applicants and their moves', run: seedDemoRecruitment },
];

/** The demo organisation, once (idempotent: skipped when the demo admin exists). Returns true when it seeded. */
export async function seedDemo(db: Db, password: string, storage: Storage): Promise<boolean> {
  if (await demoAdminExists(db)) return false;
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    // Instances starting together (one PostgreSQL) seed once: the second waits here, then finds the admin.
    await tx.execute(sql`select pg_advisory_xact_lock(727304)`);
    if (await demoAdminExists(tx)) return false;
    const [org] = await tx
      .insert(organizations)
      .values({ name: DEMO_ORG_NAME, kind: 'enterprise' })
      .returning({ id: organizations.id });
    if (!org) throw new Error('demo organisation insert failed');
    await tx
      .insert(users)
      .values({
        organizationId: await platformOrganizationId(tx),
        account: PLATFORM_ADMIN_ACCOUNT,
        realName: '平台管理员',
        isAdmin: true,
        passwordHash,
      })
      .onConflictDoNothing();
    const demo: Demo = {
      // Feature services open transactions of their own: inside this one they become savepoints.
      db: tx as unknown as Db,
      organizationId: org.id,
      passwordHash,
      now: Date.now(),
      departments: new Map(),
      roles: new Map(),
      people: new Map(),
      staff: [],
      knowledge: new Map(),
      banks: new Map(),
      papers: new Map(),
      posts: new Map(),
      abilities: new Map(),
      courses: new Map(),
      storage,
    };
    for (const step of DEMO_STEPS) await step.run(demo);
    await recordDemoActivity(demo, [
      {
        at: demo.now - 30 * DAY_MS - 3600_000,
        action: 'setup',
        detail: `创建了组织「${DEMO_ORG_NAME}」`,
        actorId: need(demo.people, 'admin'),
      },
    ]);
    return true;
  });
}

async function demoAdminExists(db: DbOrTx): Promise<boolean> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.account}) = 'admin'`);
  return existing !== undefined;
}
