import { and, eq } from 'drizzle-orm';
import { RECRUIT_STAGES, type ApplicantSource, type RecruitStage } from '@kaopei/shared';
import { MenuService } from '../../modules/menu/menu.service';
import { hireApplicant } from '../../modules/recruitment/recruitment-result.repo';
import {
  activityLog,
  recruitmentApplicants,
  recruitmentApplications,
  recruitmentCampusSessions,
  recruitmentJobs,
  recruitmentStageMoves,
  users,
} from '../schema';
import { adminContext, DAY_MS, need, type Demo } from './demo';
import { seedDemoResumes, type DemoResumePerson } from './recruitment-resumes';

/** Names the seed test and the e2e journey look for. */
export const DEMO_RECRUITMENT = {
  javaJob: 'Java开发工程师（社招）',
  testerJob: '测试工程师',
  productJob: '产品经理（2027 校招）',
  draftJob: '销售代表',
  closedJob: '人力资源专员',
  /** At 筛选 in the Java job: the journey moves them to 笔试. */
  screening: '孙浩然',
  /** At offer in the Java job: the journey hires them. */
  offer: '林佳怡',
  campusSchool: '浙江大学',
  /** Hired into the closed HR job through the real hire (a staff member of 人力资源部 with this account). */
  hired: '潘晨曦',
  hiredAccount: 'panchenxi',
  hiredDepartment: '人力资源部',
} as const;

type Status = 0 | 1 | 2;
interface JobPlan {
  name: string;
  post: string;
  status: Status;
  headcount: number;
  location: string;
  salary: [number, number] | null;
  paper: boolean;
  description: string;
}

const JOBS: JobPlan[] = [
  {
    name: DEMO_RECRUITMENT.javaJob,
    post: 'Java开发工程师',
    status: 1,
    headcount: 3,
    location: '杭州',
    salary: [15000, 25000],
    paper: true,
    description:
      '负责核心业务系统的设计与开发。\n要求：3 年以上 Java 开发经验，熟悉 Spring Boot、MySQL、Redis。',
  },
  {
    name: DEMO_RECRUITMENT.testerJob,
    post: '测试工程师',
    status: 1,
    headcount: 2,
    location: '杭州',
    salary: [10000, 16000],
    paper: true,
    description: '负责功能、接口与自动化测试，编写测试用例与缺陷报告。',
  },
  {
    name: DEMO_RECRUITMENT.productJob,
    post: '产品经理',
    status: 1,
    headcount: 2,
    location: '上海',
    salary: [12000, 18000],
    paper: false,
    description: '面向 2027 届毕业生：参与需求调研、原型设计与项目推进。',
  },
  {
    name: DEMO_RECRUITMENT.draftJob,
    post: '销售代表',
    status: 0,
    headcount: 5,
    location: '北京',
    salary: null,
    paper: false,
    description: '开拓华北区域企业客户。',
  },
  {
    name: DEMO_RECRUITMENT.closedJob,
    post: '人力资源专员',
    status: 2,
    headcount: 1,
    location: '杭州',
    salary: [8000, 12000],
    paper: false,
    description: '负责招聘、入转调离与员工关系。',
  },
];

/** [name, school, degree, years, job index, stage, source, test score or null, rating or null] */
type Person = [
  string,
  string,
  string,
  number,
  number,
  RecruitStage,
  ApplicantSource,
  number | null,
  number | null,
];
const PEOPLE: Person[] = [
  ['陈思远', '浙江工业大学', '本科', 4, 0, 'applied', 'web', null, null],
  ['王梓涵', '杭州电子科技大学', '本科', 3, 0, 'applied', 'web', null, null],
  ['刘一鸣', '南京大学', '硕士', 5, 0, 'applied', 'referral', null, null],
  ['赵子轩', '宁波大学', '本科', 6, 0, 'applied', 'web', null, null],
  [DEMO_RECRUITMENT.screening, '浙江大学', '本科', 4, 0, 'screening', 'web', null, 4],
  ['周雨桐', '上海交通大学', '硕士', 3, 0, 'screening', 'referral', null, 3],
  ['吴俊杰', '苏州大学', '本科', 7, 0, 'test', 'web', 82, 4],
  ['郑可欣', '浙江大学', '硕士', 5, 0, 'test', 'web', null, null],
  ['黄子豪', '东南大学', '本科', 4, 0, 'interview', 'web', 88, 4],
  ['徐梦琪', '同济大学', '硕士', 6, 0, 'interview', 'referral', 91, 5],
  [DEMO_RECRUITMENT.offer, '复旦大学', '硕士', 5, 0, 'offer', 'web', 93, 5],
  ['马浩宇', '华中科技大学', '本科', 3, 0, 'rejected', 'web', 54, 2],
  ['胡晓彤', '厦门大学', '本科', 2, 0, 'rejected', 'recruiter', null, null],
  ['何佳豪', '湖南大学', '本科', 3, 1, 'applied', 'web', null, null],
  ['高静怡', '浙江理工大学', '本科', 2, 1, 'applied', 'web', null, null],
  ['罗嘉欣', '杭州师范大学', '大专', 4, 1, 'screening', 'referral', null, 3],
  ['梁子墨', '中国计量大学', '本科', 3, 1, 'test', 'web', 76, null],
  ['宋雅婷', '浙江财经大学', '本科', 5, 1, 'interview', 'web', 85, 4],
  ['谢天佑', '温州大学', '本科', 1, 1, 'rejected', 'web', null, null],
  ['唐欣怡', '浙江大学', '本科', 0, 2, 'applied', 'campus', null, null],
  ['韩宇轩', '浙江大学', '硕士', 0, 2, 'applied', 'campus', null, null],
  ['冯诗涵', '浙江大学', '本科', 0, 2, 'screening', 'campus', null, 4],
  ['曹博文', '浙江大学', '硕士', 0, 2, 'screening', 'campus', null, null],
  ['彭语嫣', '浙江大学', '本科', 0, 2, 'interview', 'campus', null, 4],
  ['董明轩', '浙江工商大学', '本科', 0, 2, 'rejected', 'web', null, null],
  ['袁紫涵', '上海大学', '本科', 1, 2, 'applied', 'web', null, null],
  [DEMO_RECRUITMENT.hired, '西南交通大学', '本科', 4, 4, 'hired', 'referral', null, 5],
  ['蒋慧敏', '江南大学', '本科', 2, 4, 'rejected', 'web', null, 3],
  ['蔡一诺', '浙江大学', '硕士', 2, 0, 'screening', 'recruiter', null, null],
  ['田嘉懿', '武汉大学', '本科', 3, 1, 'screening', 'web', null, null],
];

const FLOW = RECRUIT_STAGES.filter((s) => s !== 'rejected');

/** The stages an application went through to reach `stage` (淘汰 after 筛选 or 笔试). */
function pathTo(stage: RecruitStage, testScore: number | null): RecruitStage[] {
  if (stage === 'rejected') {
    const last: RecruitStage = testScore !== null ? 'test' : 'screening';
    return [...FLOW.slice(0, FLOW.indexOf(last) + 1), 'rejected'];
  }
  return FLOW.slice(0, FLOW.indexOf(stage) + 1);
}

async function seedJobs(demo: Demo, adminId: number): Promise<number[]> {
  const rows = await demo.db
    .insert(recruitmentJobs)
    .values(
      JOBS.map((j, i) => ({
        organizationId: demo.organizationId,
        name: j.name,
        postId: need(demo.posts, j.post),
        paperId: j.paper ? need(demo.papers, 'manual') : null,
        headcount: j.headcount,
        location: j.location,
        salaryMin: j.salary?.[0] ?? null,
        salaryMax: j.salary?.[1] ?? null,
        description: j.description,
        status: j.status,
        publishedAt: j.status === 0 ? null : new Date(demo.now - (30 - i) * DAY_MS),
        closedAt: j.status === 2 ? new Date(demo.now - 5 * DAY_MS) : null,
        createdBy: adminId,
        createdAt: new Date(demo.now - (32 - i) * DAY_MS),
      })),
    )
    .returning({ id: recruitmentJobs.id });
  return rows.map((r) => r.id);
}

/** Jobs in each state, about thirty applicants over the stages with their moves, one campus session. */
export async function seedDemoRecruitment(demo: Demo): Promise<void> {
  const adminId = need(demo.people, 'admin');
  const jobIds = await seedJobs(demo, adminId);
  const [session] = await demo.db
    .insert(recruitmentCampusSessions)
    .values({
      organizationId: demo.organizationId,
      school: DEMO_RECRUITMENT.campusSchool,
      heldAt: new Date(demo.now - 10 * DAY_MS),
      place: '紫金港校区 学术交流中心 201',
      description: '2027 届校园招聘宣讲会，现场扫码投递。',
      jobIds: [jobIds[2]!, jobIds[0]!],
    })
    .returning({ id: recruitmentCampusSessions.id });
  const withResume: DemoResumePerson[] = [];
  for (const [i, person] of PEOPLE.entries()) {
    const seeded = await seedApplicant(demo, adminId, i, person, jobIds, session!.id);
    // The Java job's people from 筛选 on have a Word résumé to read.
    if (person[4] === 0 && person[5] !== 'applied') withResume.push(seeded);
  }
  await seedDemoResumes(demo, withResume);
}

async function seedApplicant(
  demo: Demo,
  adminId: number,
  index: number,
  [name, school, degree, years, jobIndex, stage, source, score, rating]: Person,
  jobIds: number[],
  sessionId: number,
): Promise<DemoResumePerson> {
  // A hire is seeded at offer and hired through the real hire below.
  const hired = stage === 'hired';
  const steps = pathTo(hired ? 'offer' : stage, score);
  const jobPlan = JOBS[jobIndex]!;
  // Applied 25…3 days ago; each later move a day or two after the one before.
  const appliedAt = demo.now - (25 - (index % 22)) * DAY_MS;
  const at = (step: number) => new Date(appliedAt + step * 1.5 * DAY_MS);
  const phone = `1376000${String(1001 + index).padStart(4, '0')}`;
  const email = `applicant${index + 1}@example.com`;
  const [applicant] = await demo.db
    .insert(recruitmentApplicants)
    .values({
      organizationId: demo.organizationId,
      name,
      phone,
      email,
      school,
      degree,
      years,
      tags: rating && rating >= 4 ? ['重点关注'] : [],
      rating,
      createdAt: new Date(appliedAt),
    })
    .returning({ id: recruitmentApplicants.id });
  const tested = score !== null || stage === 'test';
  const [application] = await demo.db
    .insert(recruitmentApplications)
    .values({
      organizationId: demo.organizationId,
      jobId: jobIds[jobIndex]!,
      applicantId: applicant!.id,
      campusSessionId: source === 'campus' ? sessionId : null,
      source,
      stage: hired ? 'offer' : stage,
      stageChangedAt: at(steps.length - 1),
      // No invitation token: the demo's scores stand without an exam behind them.
      testSentAt: tested ? at(steps.indexOf('test')) : null,
      testScore: score,
      testTotal: score !== null ? 100 : null,
      appliedAt: new Date(appliedAt),
    })
    .returning({ id: recruitmentApplications.id });
  await demo.db.insert(recruitmentStageMoves).values(
    steps.map((to, i) => ({
      organizationId: demo.organizationId,
      applicationId: application!.id,
      fromStage: i === 0 ? null : steps[i - 1]!,
      toStage: to,
      actorId: i === 0 ? null : adminId,
      note: i === 0 ? (source === 'campus' ? '校园招聘扫码投递' : '投递简历') : null,
      createdAt: at(i),
    })),
  );
  const ids = { applicantId: applicant!.id, applicationId: application!.id };
  if (hired) await hireDemoApplicant(demo, jobPlan.post, application!.id, at(steps.length));
  return { ...ids, name, phone, email, school, degree, years };
}

/**
 * The hire goes through the recruiter's own code path (hireApplicant: a staff member of the department
 * and post, the applicant's data carried over, the move and the activity logged), then is dated back to
 * `at` and given the demo password, like every demo account.
 */
async function hireDemoApplicant(demo: Demo, post: string, applicationId: number, at: Date) {
  const ctx = adminContext(demo);
  const { userId } = await hireApplicant({ db: demo.db, menus: new MenuService(demo.db) }, ctx, {
    applicationId,
    departmentId: need(demo.departments, DEMO_RECRUITMENT.hiredDepartment),
    postId: need(demo.posts, post),
    account: DEMO_RECRUITMENT.hiredAccount,
    note: '综合表现优秀，录用',
  });
  await demo.db
    .update(recruitmentApplications)
    .set({ stageChangedAt: at, hiredAt: at })
    .where(eq(recruitmentApplications.id, applicationId));
  await demo.db
    .update(recruitmentStageMoves)
    .set({ createdAt: at })
    .where(
      and(eq(recruitmentStageMoves.applicationId, applicationId), eq(recruitmentStageMoves.toStage, 'hired')),
    );
  await demo.db
    .update(activityLog)
    .set({ createdAt: at })
    .where(and(eq(activityLog.organizationId, demo.organizationId), eq(activityLog.action, '录用')));
  await demo.db
    .update(users)
    .set({ passwordHash: demo.passwordHash, createdAt: at })
    .where(eq(users.id, userId));
}
