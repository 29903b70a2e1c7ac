import { and, eq, inArray } from 'drizzle-orm';
import { TagType } from '@kaopei/shared';
import {
  courseCategories,
  courseGroups,
  courseMembers,
  courses,
  courseTags,
  courseTeachers,
  tags,
  teachers,
  users,
} from '../schema';
import { need, type Demo } from './demo';

/**
 * The demo's three complete courses (names are the keys of `Demo.courses`; the content, lives and progress
 * steps find them by these names).
 */
export const DEMO_COURSES = {
  onboarding: '新员工入职培训',
  typescript: 'TypeScript 编程入门',
  security: '信息安全意识',
} as const;

/** A course the demo has not opened yet (no content: it is being built). */
export const DEMO_DRAFT_COURSE = 'Go 语言进阶（筹备中）';

/** Categories: name → parent name (parents first). */
const CATEGORIES: [string, string | null][] = [
  ['通用素质', null],
  ['专业技能', null],
  ['软件开发', '专业技能'],
  ['安全合规', null],
];

const TEACHERS = [
  {
    key: 'chen',
    name: '陈明',
    title: '人力资源总监',
    intro: '负责公司人才培养体系建设，十年培训经验。',
    account: null,
  },
  {
    key: 'li',
    name: '李工',
    title: '资深前端工程师',
    intro: '主导公司前端技术栈演进，擅长 TypeScript 与工程化。',
    account: 'zhaoliu',
  },
  {
    key: 'zhou',
    name: '周安',
    title: '信息安全顾问',
    intro: '注册信息安全专业人员（CISP），长期从事企业安全合规咨询。',
    account: null,
  },
] as const;

const COURSE_TAGS = ['入职必修', '编程', '合规'] as const;

interface DemoCourse {
  name: string;
  category: string;
  teachers: (typeof TEACHERS)[number]['key'][];
  tags: (typeof COURSE_TAGS)[number][];
  kind: 'required' | 'elective';
  credits: number;
  minutes: number;
  status: 'draft' | 'open';
  noSkip: boolean;
  intro: string;
  /** Departments whose staff (with sub-departments) are enrolled. */
  departments: string[];
}

const COURSES: DemoCourse[] = [
  {
    name: DEMO_COURSES.onboarding,
    category: '通用素质',
    teachers: ['chen'],
    tags: ['入职必修'],
    kind: 'required',
    credits: 2,
    minutes: 60,
    status: 'open',
    noSkip: true,
    intro:
      '<p>欢迎加入示例科技！本课程帮助新同事快速了解公司：</p><ul><li>公司发展历程与组织架构</li><li>考勤、报销等常用制度</li><li>办公系统与协作工具</li></ul><p>完成全部小节即可获得 <strong>2 学分</strong>。</p>',
    departments: ['人力资源部', '市场部'],
  },
  {
    name: DEMO_COURSES.typescript,
    category: '软件开发',
    teachers: ['li'],
    tags: ['编程'],
    kind: 'elective',
    credits: 3,
    minutes: 120,
    status: 'open',
    noSkip: false,
    intro:
      '<p>从 JavaScript 到 TypeScript：类型系统、接口与泛型、严格模式和工程配置。</p><p>适合有 JavaScript 基础的研发与测试同事。</p>',
    departments: ['技术部'],
  },
  {
    name: DEMO_COURSES.security,
    category: '安全合规',
    teachers: ['zhou'],
    tags: ['合规', '入职必修'],
    kind: 'required',
    credits: 1,
    minutes: 45,
    status: 'open',
    noSkip: true,
    intro:
      '<p>识别钓鱼邮件、管理好密码、保护客户数据——每位员工都应掌握的信息安全常识。</p><blockquote>安全无小事。</blockquote>',
    departments: ['总经办', '技术部', '人力资源部', '市场部'],
  },
  {
    name: DEMO_DRAFT_COURSE,
    category: '软件开发',
    teachers: ['li'],
    tags: ['编程'],
    kind: 'elective',
    credits: 2,
    minutes: 90,
    status: 'draft',
    noSkip: false,
    intro: '<p>并发模型、接口设计与性能分析（课程内容准备中）。</p>',
    departments: [],
  },
];

async function seedCategories(demo: Demo): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const [sort, [name, parent]] of CATEGORIES.entries()) {
    const [row] = await demo.db
      .insert(courseCategories)
      .values({
        organizationId: demo.organizationId,
        name,
        parentId: parent ? need(ids, parent) : null,
        sort,
      })
      .returning({ id: courseCategories.id });
    ids.set(name, row?.id as number);
  }
  return ids;
}

async function seedTeachers(demo: Demo): Promise<Map<string, number>> {
  const rows = await demo.db
    .insert(teachers)
    .values(
      TEACHERS.map((t) => ({
        organizationId: demo.organizationId,
        name: t.name,
        title: t.title,
        intro: t.intro,
        userId: t.account ? (demo.people.get(t.account) ?? null) : null,
      })),
    )
    .returning({ id: teachers.id });
  return new Map(TEACHERS.map((t, i) => [t.key, rows[i]?.id as number]));
}

async function seedTags(demo: Demo): Promise<Map<string, number>> {
  const rows = await demo.db
    .insert(tags)
    .values(COURSE_TAGS.map((name) => ({ organizationId: demo.organizationId, type: TagType.COURSE, name })))
    .returning({ id: tags.id, name: tags.name });
  return new Map(rows.map((r) => [r.name, r.id]));
}

/** Active staff of the departments (and their sub-departments, via the demo's parent links). */
async function staffOf(demo: Demo, departmentNames: string[]): Promise<number[]> {
  if (departmentNames.length === 0) return [];
  const withChildren = new Set(departmentNames);
  if (withChildren.has('技术部')) ['研发组', '测试组'].forEach((d) => withChildren.add(d));
  const ids = [...withChildren].map((name) => need(demo.departments, name));
  const rows = await demo.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.organizationId, demo.organizationId),
        eq(users.status, 0),
        inArray(users.departmentId, ids),
      ),
    );
  return rows.map((r) => r.id);
}

async function seedMembers(demo: Demo, courseId: number, course: DemoCourse): Promise<void> {
  const zhangsan = need(demo.people, 'zhangsan');
  const byDepartment = (await staffOf(demo, course.departments)).filter((id) => id !== zhangsan);
  const enrolledAt = new Date(demo.now - 20 * 24 * 3600_000);
  const rows = [
    ...byDepartment.map((userId) => ({ userId, source: 'department' })),
    ...(course.status === 'open' ? [{ userId: zhangsan, source: 'staff' }] : []),
  ].map((m) => ({ ...m, courseId, organizationId: demo.organizationId, enrolledAt }));
  for (let i = 0; i < rows.length; i += 2000)
    await demo.db
      .insert(courseMembers)
      .values(rows.slice(i, i + 2000))
      .onConflictDoNothing();
}

/** Demo data of issue 17: course categories, teachers, three complete courses and a draft, members. */
export async function seedDemoCourses(demo: Demo): Promise<void> {
  const [categoryIds, teacherIds, tagIds] = await Promise.all([
    seedCategories(demo),
    seedTeachers(demo),
    seedTags(demo),
  ]);
  const admin = need(demo.people, 'admin');
  for (const [sort, course] of COURSES.entries()) {
    const [row] = await demo.db
      .insert(courses)
      .values({
        organizationId: demo.organizationId,
        categoryId: need(categoryIds, course.category),
        name: course.name,
        intro: course.intro,
        kind: course.kind,
        credits: course.credits,
        minutes: course.minutes,
        status: course.status,
        enrolment: 'assigned',
        noSkip: course.noSkip ? 1 : 0,
        completePercent: 90,
        sort,
        createdBy: admin,
        createdAt: new Date(demo.now - (30 - sort) * 24 * 3600_000),
      })
      .returning({ id: courses.id });
    const courseId = row?.id as number;
    demo.courses.set(course.name, courseId);
    await demo.db
      .insert(courseTeachers)
      .values(course.teachers.map((key, i) => ({ courseId, teacherId: need(teacherIds, key), sort: i })));
    await demo.db
      .insert(courseTags)
      .values(course.tags.map((name) => ({ courseId, tagId: need(tagIds, name) })));
    await seedMembers(demo, courseId, course);
  }
  // The TypeScript course's learners in two classes: 研发组 and 测试组.
  const typescript = need(demo.courses, DEMO_COURSES.typescript);
  for (const department of ['研发组', '测试组']) {
    const [group] = await demo.db
      .insert(courseGroups)
      .values({ organizationId: demo.organizationId, courseId: typescript, name: `${department}班` })
      .returning({ id: courseGroups.id });
    const members = await staffOf(demo, [department]);
    if (members.length > 0)
      await demo.db
        .update(courseMembers)
        .set({ groupId: group?.id as number })
        .where(and(eq(courseMembers.courseId, typescript), inArray(courseMembers.userId, members)));
  }
}
