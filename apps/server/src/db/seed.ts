import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from './client';
import { departments, noticeReceives, notices, organizations, userRoles, users } from './schema';
import { knowledgeNodes } from './schema';
import { questionBanks, questions } from './schema';
import { hashPassword } from '../core/crypto';
import { recordActivity } from '../core/activity';
import { syncMenus } from '../modules/menu/menu.service';
import { createDefaultRoles, type DefaultRoleKey } from '../modules/system/default-roles';

export const PLATFORM_ORG_NAME = '考培平台';
export const DEMO_ORG_NAME = '示例科技有限公司';

/** Reference data every installation needs: the menu tree and the platform organisation. */
export async function seedReference(db: Db): Promise<void> {
  await syncMenus(db);
  const [platform] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.kind, 'platform'));
  if (!platform) await db.insert(organizations).values({ name: PLATFORM_ORG_NAME, kind: 'platform' });
  await seedPlatformKnowledge(db);
  await seedPublicBank(db);
}

/** Account of the platform administrator (reviews organisation applications). */
export const PLATFORM_ADMIN_ACCOUNT = 'platform';

async function platformOrganizationId(db: DbOrTx): Promise<number> {
  const [platform] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.kind, 'platform'))
    .orderBy(organizations.id)
    .limit(1);
  if (!platform) throw new Error('platform organisation missing: run seedReference first');
  return platform.id;
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
      .where(eq(users.id, existing.id));
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

/** The demo organisation, once (idempotent: skipped when the demo admin exists). Returns true when it seeded. */
export async function seedDemo(db: Db, password: string): Promise<boolean> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.account}) = 'admin'`);
  if (existing) return false;
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [org] = await tx
      .insert(organizations)
      .values({ name: DEMO_ORG_NAME, kind: 'enterprise' })
      .returning({ id: organizations.id });
    if (!org) throw new Error('demo organisation insert failed');
    const departmentIds = await seedDemoDepartments(tx, org.id);
    const roleIds = await createDefaultRoles(tx, org.id);
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
    const ids = await seedDemoPeople(tx, org.id, passwordHash, departmentIds, roleIds);
    await seedDemoNotices(tx, org.id, ids);
    await seedKnowledgeTree(tx, org.id, DEMO_KNOWLEDGE);
    await seedDemoBanks(tx, org.id, ids.admin);
    await recordActivity(tx, {
      organizationId: org.id,
      actorId: ids.admin,
      action: 'setup',
      detail: `创建了组织「${DEMO_ORG_NAME}」`,
    });
  });
  return true;
}

/** The demo departments: name → [parent, sort]; parents come before their children. */
const DEMO_DEPARTMENTS = {
  总经办: [null, 0],
  技术部: [null, 1],
  研发组: ['技术部', 0],
  测试组: ['技术部', 1],
  人力资源部: [null, 2],
  市场部: [null, 3],
} as const satisfies Record<string, readonly [string | null, number]>;

type DemoDepartment = keyof typeof DEMO_DEPARTMENTS;

async function seedDemoDepartments(
  tx: DbOrTx,
  organizationId: number,
): Promise<Record<DemoDepartment, number>> {
  const ids: Partial<Record<DemoDepartment, number>> = {};
  for (const [name, [parent, sort]] of Object.entries(DEMO_DEPARTMENTS) as [
    DemoDepartment,
    readonly [DemoDepartment | null, number],
  ][]) {
    const [row] = await tx
      .insert(departments)
      .values({ organizationId, name, parentId: parent ? (ids[parent] ?? null) : null, sort })
      .returning({ id: departments.id });
    if (!row) throw new Error('department insert failed');
    ids[name] = row.id;
  }
  return ids as Record<DemoDepartment, number>;
}

/** The demo staff: sunqi is a delegated manager (员工管理 and 角色权限), lisi a recruiter. */
const DEMO_PEOPLE: {
  account: string;
  realName: string;
  gender: boolean;
  jobNumber: string;
  department: DemoDepartment;
  role: DefaultRoleKey | 'admin';
}[] = [
  {
    account: 'admin',
    realName: '系统管理员',
    gender: true,
    jobNumber: 'A0001',
    department: '总经办',
    role: 'admin',
  },
  {
    account: 'zhangsan',
    realName: '张三',
    gender: true,
    jobNumber: 'E1001',
    department: '研发组',
    role: 'staff',
  },
  {
    account: 'lisi',
    realName: '李四',
    gender: false,
    jobNumber: 'E1002',
    department: '人力资源部',
    role: 'recruiter',
  },
  {
    account: 'wangwu',
    realName: '王五',
    gender: true,
    jobNumber: 'E1003',
    department: '测试组',
    role: 'trainer',
  },
  {
    account: 'zhaoliu',
    realName: '赵六',
    gender: false,
    jobNumber: 'E1004',
    department: '市场部',
    role: 'staff',
  },
  {
    account: 'sunqi',
    realName: '孙七',
    gender: true,
    jobNumber: 'E1005',
    department: '研发组',
    role: 'manager',
  },
];

/** Inserts the demo staff (phones 13800000000…, e-mails account@example.com); returns account → id. */
async function seedDemoPeople(
  tx: DbOrTx,
  organizationId: number,
  passwordHash: string,
  departmentIds: Record<DemoDepartment, number>,
  roleIds: Record<DefaultRoleKey, number>,
): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  for (const [index, { department, role, ...person }] of DEMO_PEOPLE.entries()) {
    const [user] = await tx
      .insert(users)
      .values({
        ...person,
        organizationId,
        passwordHash,
        phone: `1380000000${index}`,
        email: `${person.account}@example.com`,
        departmentId: departmentIds[department],
        isAdmin: role === 'admin',
      })
      .returning({ id: users.id });
    if (!user) throw new Error('user insert failed');
    ids[person.account] = user.id;
    if (role !== 'admin') await tx.insert(userRoles).values({ userId: user.id, roleId: roleIds[role] });
  }
  return ids;
}

/** A welcome from the system to everyone and two notices from the admin to the staff. */
async function seedDemoNotices(
  tx: DbOrTx,
  organizationId: number,
  ids: Record<string, number>,
): Promise<void> {
  const everyone = Object.values(ids);
  const staff = everyone.filter((id) => id !== ids.admin);
  const notes: [number | null, number, string, string, number[]][] = [
    [null, 1, '欢迎使用考培', '欢迎使用考培人才测评与培训平台！您可以在控制台查看组织概况。', everyone],
    [ids.admin ?? null, 0, '培训通知', '本月安全生产培训将于下周一开始，请大家按时参加。', staff],
    [ids.admin ?? null, 0, '考试提醒', '岗位技能考核即将开放报名，请关注后续通知。', staff],
  ];
  for (const [senderId, type, title, content, to] of notes) {
    const [notice] = await tx
      .insert(notices)
      .values({ organizationId, senderId, type, title, content })
      .returning({ id: notices.id });
    if (!notice) throw new Error('notice insert failed');
    await tx.insert(noticeReceives).values(to.map((userId) => ({ noticeId: notice.id, userId })));
  }
}

/** A knowledge point and the points below it (seed data). */
interface SeedKnowledge {
  name: string;
  children?: SeedKnowledge[];
}

const PLATFORM_KNOWLEDGE: SeedKnowledge[] = [
  {
    name: '计算机基础',
    children: [
      { name: '数据结构', children: [{ name: '线性表' }, { name: '树与二叉树' }, { name: '图' }] },
      { name: '操作系统', children: [{ name: '进程与线程' }, { name: '内存管理' }] },
      { name: '计算机网络', children: [{ name: 'TCP 与 IP 协议' }, { name: 'HTTP 协议' }] },
    ],
  },
  {
    name: '通用能力',
    children: [{ name: '逻辑推理' }, { name: '言语理解' }, { name: '数量关系' }],
  },
];

const DEMO_KNOWLEDGE: SeedKnowledge[] = [
  {
    name: '前端开发',
    children: [
      { name: 'JavaScript', children: [{ name: '闭包' }, { name: '异步编程' }] },
      { name: 'React', children: [{ name: 'Hooks' }, { name: '状态管理' }] },
    ],
  },
  {
    name: '安全生产',
    children: [{ name: '消防安全' }, { name: '用电安全' }],
  },
];

async function seedKnowledgeTree(
  db: DbOrTx,
  organizationId: number,
  nodes: SeedKnowledge[],
  parentId: number | null = null,
): Promise<void> {
  for (const [sort, node] of nodes.entries()) {
    const [row] = await db
      .insert(knowledgeNodes)
      .values({ organizationId, parentId, name: node.name, sort })
      .returning({ id: knowledgeNodes.id });
    if (!row) throw new Error('knowledge insert failed');
    if (node.children) await seedKnowledgeTree(db, organizationId, node.children, row.id);
  }
}

/** The platform's public knowledge tree, written once (only while the platform has no knowledge points). */
async function seedPlatformKnowledge(db: Db): Promise<void> {
  const platformId = await platformOrganizationId(db);
  await db.transaction(async (tx) => {
    // Concurrent starts must not both seed the tree.
    await tx.execute(sql`select pg_advisory_xact_lock(727302::int, ${platformId}::int)`);
    const [existing] = await tx
      .select({ id: knowledgeNodes.id })
      .from(knowledgeNodes)
      .where(eq(knowledgeNodes.organizationId, platformId))
      .limit(1);
    if (!existing) await seedKnowledgeTree(tx, platformId, PLATFORM_KNOWLEDGE);
  });
}

// ---------- question banks ----------

export const PUBLIC_BANK_NAME = '公共基础题库';

/** A seeded question: the columns of `questions` besides ownership. */
interface SeedQuestion {
  type: number;
  stem: string;
  options?: { content: string; correct: boolean }[];
  answer?: unknown;
  analysis?: string;
  difficulty: number;
}

const choice = (contents: string[], correct: number[]) =>
  contents.map((content, index) => ({ content, correct: correct.includes(index) }));

/**
 * The public bank's questions, in the stored shapes the questions module validates
 * (`question.rules.ts` validateKey; design.md §3 types):
 * - 0 true/false: options null, answer `true` | `false`
 * - 1 single / 2 multiple: options `[{content, correct}]` (one / at least two correct), answer null
 * - 3 fill: answer `{blanks: [{answers: ['…', …]}], caseSensitive: false}`, one entry per blank in stem order
 * - 4 short: answer `{reference: '…', scoringPoints: [{content: '…', points: n}]}`
 * - 5 code: answer `{languages: ['java', 'python'], templates: {java: '…', python: '…'},
 *   testCases: [{input: '1 2\n', output: '3\n', sample: true}], timeLimit: 1000 (ms), memoryLimit: 256 (MB)}`
 * Stems are sanitised HTML; stem_text is their plain text. Status 1 (approved); difficulty 1–10.
 */
const PUBLIC_QUESTIONS: SeedQuestion[] = [
  { type: 0, stem: '<p>TCP 是面向连接的可靠传输协议。</p>', answer: true, difficulty: 2 },
  {
    type: 0,
    stem: '<p>HTTP 协议默认使用 21 端口。</p>',
    answer: false,
    analysis: 'HTTP 默认端口为 80，21 是 FTP 的控制端口。',
    difficulty: 2,
  },
  {
    type: 0,
    stem: '<p>栈是一种先进先出（FIFO）的数据结构。</p>',
    answer: false,
    analysis: '栈是后进先出（LIFO），队列才是先进先出。',
    difficulty: 1,
  },
  {
    type: 1,
    stem: '<p>下列哪种数据结构最适合实现“撤销”操作？</p>',
    options: choice(['队列', '栈', '堆', '哈希表'], [1]),
    difficulty: 3,
  },
  {
    type: 1,
    stem: '<p>在 OSI 七层模型中，IP 协议位于哪一层？</p>',
    options: choice(['数据链路层', '网络层', '传输层', '应用层'], [1]),
    difficulty: 3,
  },
  {
    type: 1,
    stem: '<p>对 n 个元素进行二分查找，最坏情况下的时间复杂度是？</p>',
    options: choice(['O(1)', 'O(log n)', 'O(n)', 'O(n log n)'], [1]),
    difficulty: 4,
  },
  {
    type: 2,
    stem: '<p>下列哪些属于进程间通信（IPC）的方式？</p>',
    options: choice(['管道', '共享内存', '消息队列', '寄存器重命名'], [0, 1, 2]),
    difficulty: 5,
  },
  {
    type: 2,
    stem: '<p>下列哪些 HTTP 方法被定义为幂等的？</p>',
    options: choice(['GET', 'PUT', 'DELETE', 'POST'], [0, 1, 2]),
    analysis: 'POST 不是幂等方法。',
    difficulty: 6,
  },
  {
    type: 3,
    stem: '<p>二叉树的第 i 层最多有 ____ 个结点（根为第 1 层）。</p>',
    answer: { blanks: [{ answers: ['2^(i-1)', '2的i-1次方'] }], caseSensitive: false },
    difficulty: 4,
  },
  {
    type: 3,
    stem: '<p>HTTPS 默认使用 ____ 端口，HTTP 默认使用 ____ 端口。</p>',
    answer: { blanks: [{ answers: ['443'] }, { answers: ['80'] }], caseSensitive: false },
    difficulty: 2,
  },
  {
    type: 4,
    stem: '<p>简述进程与线程的区别。</p>',
    answer: {
      reference:
        '进程是资源分配的基本单位，线程是调度执行的基本单位；同一进程的线程共享地址空间和资源，切换开销更小。',
      scoringPoints: [
        { content: '进程是资源分配的基本单位', points: 3 },
        { content: '线程是 CPU 调度的基本单位', points: 3 },
        { content: '线程共享所属进程的资源，切换开销小', points: 4 },
      ],
    },
    difficulty: 5,
  },
  {
    type: 4,
    stem: '<p>简述 TCP 三次握手的过程及其目的。</p>',
    answer: {
      reference:
        '客户端发送 SYN，服务端回复 SYN+ACK，客户端再回复 ACK；目的是双方确认彼此的收发能力并同步初始序列号。',
      scoringPoints: [
        { content: '三个报文：SYN、SYN+ACK、ACK', points: 6 },
        { content: '确认双方收发能力并同步序列号', points: 4 },
      ],
    },
    difficulty: 6,
  },
  {
    type: 5,
    stem: '<p>输入一行两个整数 a 和 b（以空格分隔），输出它们的和。</p>',
    answer: {
      languages: ['java', 'python'],
      templates: {
        java: [
          'import java.util.Scanner;',
          '',
          'public class Main {',
          '    public static void main(String[] args) {',
          '        Scanner scanner = new Scanner(System.in);',
          '        long a = scanner.nextLong();',
          '        long b = scanner.nextLong();',
          '        System.out.println(a + b);',
          '    }',
          '}',
          '',
        ].join('\n'),
        python: ['a, b = map(int, input().split())', 'print(a + b)', ''].join('\n'),
      },
      testCases: [
        { input: '1 2\n', output: '3\n', sample: true },
        { input: '-5 8\n', output: '3\n', sample: false },
        { input: '1000000000 1000000000\n', output: '2000000000\n', sample: false },
      ],
      timeLimit: 1000,
      memoryLimit: 256,
    },
    difficulty: 1,
  },
  {
    type: 5,
    stem: '<p>输入一个正整数 n（1 ≤ n ≤ 90），输出斐波那契数列的第 n 项（F(1) = F(2) = 1）。</p>',
    answer: {
      languages: ['java', 'python'],
      templates: {
        java: [
          'import java.util.Scanner;',
          '',
          'public class Main {',
          '    public static void main(String[] args) {',
          '        Scanner scanner = new Scanner(System.in);',
          '        int n = scanner.nextInt();',
          '        // 在此计算并输出第 n 项',
          '    }',
          '}',
          '',
        ].join('\n'),
        python: ['n = int(input())', '# 在此计算并输出第 n 项', ''].join('\n'),
      },
      testCases: [
        { input: '1\n', output: '1\n', sample: true },
        { input: '10\n', output: '55\n', sample: true },
        { input: '90\n', output: '2880067194370816120\n', sample: false },
      ],
      timeLimit: 1000,
      memoryLimit: 256,
    },
    difficulty: 3,
  },
];

function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The platform's public bank 公共基础题库 with a few approved questions of every type: written once,
 * while the platform has no bank of that name (so platform administrators may edit it freely).
 */
async function seedPublicBank(db: Db): Promise<void> {
  const platformId = await platformOrganizationId(db);
  await db.transaction(async (tx) => {
    // Concurrent starts must not both seed the bank.
    await tx.execute(sql`select pg_advisory_xact_lock(727303::int, ${platformId}::int)`);
    const [existing] = await tx
      .select({ id: questionBanks.id })
      .from(questionBanks)
      .where(and(eq(questionBanks.organizationId, platformId), eq(questionBanks.name, PUBLIC_BANK_NAME)))
      .limit(1);
    if (existing) return;
    const [bank] = await tx
      .insert(questionBanks)
      .values({
        organizationId: platformId,
        name: PUBLIC_BANK_NAME,
        description:
          '计算机基础与通用能力的示例试题，涵盖判断、单选、多选、填空、简答与编程六种题型，可复制到我的题库后修改使用。',
        category: '通用',
      })
      .returning({ id: questionBanks.id });
    if (!bank) throw new Error('public bank insert failed');
    await tx.insert(questions).values(
      PUBLIC_QUESTIONS.map((question) => ({
        organizationId: platformId,
        bankId: bank.id,
        type: question.type,
        stem: question.stem,
        stemText: plainText(question.stem),
        options: question.options ?? null,
        answer: question.answer ?? null,
        analysis: question.analysis ?? null,
        difficulty: question.difficulty,
        status: 1,
      })),
    );
  });
}

/** The demo organisation's banks (empty: its administrators fill them or copy the public bank). */
async function seedDemoBanks(
  db: DbOrTx,
  organizationId: number,
  createdBy: number | undefined,
): Promise<void> {
  await db.insert(questionBanks).values([
    {
      organizationId,
      name: '安全生产题库',
      description: '消防、用电与生产操作安全知识。',
      category: '安全生产',
      createdBy,
    },
    {
      organizationId,
      name: '岗位技能题库',
      description: '各岗位专业技能考核试题。',
      category: '岗位技能',
      createdBy,
    },
  ]);
}
