import { inArray } from 'drizzle-orm';
import { postDepartments, postFamilies, posts, postTags, tags, users } from '../schema';
import type { DemoDepartment } from './org';
import { need, type Demo } from './demo';

/** Demo data of issue 16: post families, the five demo posts, staff assigned to them. */

/** The family tree: top-level families and their sub-families. */
const FAMILIES: [string, string[]][] = [
  ['技术序列', ['研发', '测试']],
  ['产品序列', []],
  ['营销序列', []],
  ['职能序列', []],
];

interface DemoPost {
  name: string;
  code: string;
  family: string;
  grade: string;
  headcount: number;
  departments: DemoDepartment[];
  tags: string[];
  duties: string;
  requirements: string;
  description: string;
}

const POSTS: DemoPost[] = [
  {
    name: 'Java开发工程师',
    code: 'RD-JAVA-01',
    family: '研发',
    grade: 'P5',
    headcount: 110,
    departments: ['研发组'],
    tags: ['核心岗位', '技术岗'],
    duties: [
      '1. 参与业务系统的需求评审与技术方案设计，负责核心模块的编码实现与单元测试；',
      '2. 按规范完成接口设计、数据库建模与 SQL 优化，保证代码质量与系统性能；',
      '3. 定位并解决线上问题，参与容量评估、监控告警与故障复盘；',
      '4. 参与代码评审，沉淀技术文档，指导初级工程师。',
    ].join('\n'),
    requirements: [
      '1. 本科及以上学历，计算机或相关专业，3 年以上 Java 开发经验；',
      '2. 熟悉 Spring Boot、MyBatis 等主流框架，掌握 JVM、多线程与集合原理；',
      '3. 熟悉 MySQL/PostgreSQL 与 Redis，具备索引设计与慢查询优化经验；',
      '4. 了解微服务、消息队列与容器化部署；',
      '5. 责任心强，具备良好的沟通协作与问题分析能力。',
    ].join('\n'),
    description: '负责公司核心业务系统的后端研发，保障系统稳定、高效、可扩展。',
  },
  {
    name: '测试工程师',
    code: 'QA-TEST-01',
    family: '测试',
    grade: 'P4',
    headcount: 60,
    departments: ['测试组'],
    tags: ['技术岗'],
    duties: [
      '1. 参与需求评审，编写测试计划、测试用例并组织评审；',
      '2. 执行功能、接口、兼容性与回归测试，跟踪缺陷直至关闭；',
      '3. 建设与维护自动化测试脚本和持续集成中的质量门禁；',
      '4. 输出测试报告，对版本质量给出发布建议。',
    ].join('\n'),
    requirements: [
      '1. 本科及以上学历，2 年以上软件测试经验；',
      '2. 熟悉测试理论与用例设计方法（等价类、边界值、场景法等）；',
      '3. 掌握至少一种自动化测试工具或框架（如 Selenium、Playwright、JMeter）；',
      '4. 能读懂基础代码与 SQL，具备接口测试能力；',
      '5. 细致严谨，善于发现问题并推动解决。',
    ].join('\n'),
    description: '对产品质量负责，通过系统化的测试保障交付质量。',
  },
  {
    name: '产品经理',
    code: 'PD-PM-01',
    family: '产品序列',
    grade: 'P6',
    headcount: 18,
    departments: ['技术部', '市场部'],
    tags: ['核心岗位'],
    duties: [
      '1. 开展用户调研与竞品分析，洞察用户需求与市场机会；',
      '2. 负责产品规划与版本路线图，撰写需求文档与原型；',
      '3. 协调研发、测试、设计与运营，推动需求按期高质量上线；',
      '4. 跟踪产品数据与用户反馈，持续迭代优化。',
    ].join('\n'),
    requirements: [
      '1. 本科及以上学历，3 年以上 B 端或互联网产品经验；',
      '2. 熟练使用 Axure、Figma 等原型工具，具备优秀的文档能力；',
      '3. 具备数据分析能力，能基于数据做出产品决策；',
      '4. 逻辑清晰，沟通协调与项目推进能力强。',
    ].join('\n'),
    description: '对产品的市场表现与用户价值负责，连接业务与研发。',
  },
  {
    name: '销售代表',
    code: 'MK-SALES-01',
    family: '营销序列',
    grade: 'S3',
    headcount: 90,
    departments: ['市场部'],
    tags: ['校招岗位'],
    duties: [
      '1. 开发与维护区域客户，完成个人销售目标；',
      '2. 了解客户需求，进行产品演示、方案讲解与商务谈判；',
      '3. 跟进合同签订、回款与客户满意度；',
      '4. 收集市场与竞品信息，及时反馈给产品与市场团队。',
    ].join('\n'),
    requirements: [
      '1. 大专及以上学历，市场营销等相关专业优先；',
      '2. 1 年以上销售经验，有 To B 销售经验者优先；',
      '3. 沟通表达能力强，抗压能力好，目标感强；',
      '4. 能适应短期出差。',
    ].join('\n'),
    description: '面向客户的一线岗位，负责业绩达成与客户关系经营。',
  },
  {
    name: '人力资源专员',
    code: 'HR-SP-01',
    family: '职能序列',
    grade: 'P3',
    headcount: 35,
    departments: ['人力资源部'],
    tags: [],
    duties: [
      '1. 负责招聘渠道维护、简历筛选、面试安排与录用跟进；',
      '2. 办理员工入职、转正、调岗、离职等手续，维护人事档案；',
      '3. 协助组织培训、绩效考核与员工关系活动；',
      '4. 统计人力数据，编制人事报表。',
    ].join('\n'),
    requirements: [
      '1. 本科及以上学历，人力资源管理等相关专业；',
      '2. 1 年以上人力资源相关工作经验；',
      '3. 熟悉劳动法律法规与人事流程，熟练使用办公软件；',
      '4. 亲和力强，做事细致，具备保密意识。',
    ].join('\n'),
    description: '支持人力资源各模块的日常运作，服务员工与业务部门。',
  },
];

/** Which post the simulated staff of each department hold. */
const POST_OF_DEPARTMENT: Partial<Record<DemoDepartment, string>> = {
  研发组: 'Java开发工程师',
  测试组: '测试工程师',
  市场部: '销售代表',
  人力资源部: '人力资源专员',
};

/** Named demo people and their posts. */
const NAMED: Record<string, string> = {
  zhangsan: 'Java开发工程师',
  sunqi: 'Java开发工程师',
  wangwu: '测试工程师',
  zhaoliu: '销售代表',
  lisi: '人力资源专员',
};

/** Every `PRODUCT_EVERY`th simulated person of 研发组 and 市场部 is a product manager instead. */
const PRODUCT_EVERY = 12;

async function seedFamilies(demo: Demo): Promise<Map<string, number>> {
  const organizationId = demo.organizationId;
  const top = await demo.db
    .insert(postFamilies)
    .values(FAMILIES.map(([name], sort) => ({ organizationId, name, sort })))
    .returning({ id: postFamilies.id, name: postFamilies.name });
  const ids = new Map(top.map((f) => [f.name, f.id]));
  const children = FAMILIES.flatMap(([parent, names]) =>
    names.map((name, sort) => ({ organizationId, name, sort, parentId: need(ids, parent) })),
  );
  const sub = await demo.db
    .insert(postFamilies)
    .values(children)
    .returning({ id: postFamilies.id, name: postFamilies.name });
  for (const f of sub) ids.set(f.name, f.id);
  return ids;
}

async function seedPostTags(demo: Demo): Promise<Map<string, number>> {
  const names = [...new Set(POSTS.flatMap((p) => p.tags))];
  const colors = ['#cf1322', '#1677ff', '#389e0d'];
  const rows = await demo.db
    .insert(tags)
    .values(
      names.map((name, i) => ({
        organizationId: demo.organizationId,
        type: 3,
        name,
        color: colors[i % colors.length],
        description: '岗位标签',
      })),
    )
    .returning({ id: tags.id, name: tags.name });
  return new Map(rows.map((t) => [t.name, t.id]));
}

/** Staff ids per post: simulated staff by department (some product managers), then the named people. */
async function staffByPost(demo: Demo): Promise<Map<string, number[]>> {
  const byPost = new Map<string, number[]>();
  const add = (post: string, id: number) => byPost.set(post, [...(byPost.get(post) ?? []), id]);
  const departmentName = new Map([...demo.departments].map(([name, id]) => [id, name as DemoDepartment]));
  const rows =
    demo.staff.length === 0
      ? []
      : await demo.db
          .select({ id: users.id, departmentId: users.departmentId })
          .from(users)
          .where(inArray(users.id, demo.staff));
  const seen = new Map<string, number>();
  for (const row of rows.sort((a, b) => a.id - b.id)) {
    const department = row.departmentId == null ? undefined : departmentName.get(row.departmentId);
    const post = department && POST_OF_DEPARTMENT[department];
    if (!department || !post) continue;
    const n = (seen.get(department) ?? 0) + 1;
    seen.set(department, n);
    const product = (department === '研发组' || department === '市场部') && n % PRODUCT_EVERY === 0;
    add(product ? '产品经理' : post, row.id);
  }
  for (const [account, post] of Object.entries(NAMED)) add(post, need(demo.people, account));
  return byPost;
}

export async function seedDemoPosts(demo: Demo): Promise<void> {
  const [families, tagIds] = await Promise.all([seedFamilies(demo), seedPostTags(demo)]);
  const created = await demo.db
    .insert(posts)
    .values(
      POSTS.map((p, sort) => ({
        organizationId: demo.organizationId,
        name: p.name,
        code: p.code,
        familyId: need(families, p.family),
        grade: p.grade,
        headcount: p.headcount,
        duties: p.duties,
        requirements: p.requirements,
        description: p.description,
        sort,
      })),
    )
    .returning({ id: posts.id, name: posts.name });
  for (const p of created) demo.posts.set(p.name, p.id);
  await demo.db.insert(postDepartments).values(
    POSTS.flatMap((p) =>
      p.departments.map((d) => ({
        postId: need(demo.posts, p.name),
        departmentId: need(demo.departments, d),
      })),
    ),
  );
  await demo.db
    .insert(postTags)
    .values(
      POSTS.flatMap((p) => p.tags.map((t) => ({ postId: need(demo.posts, p.name), tagId: need(tagIds, t) }))),
    );
  // One update per post, not per person.
  for (const [post, ids] of await staffByPost(demo)) {
    await demo.db
      .update(users)
      .set({ postId: need(demo.posts, post) })
      .where(inArray(users.id, ids));
  }
}
