import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { questionBanks, questions } from '../schema';

export const PUBLIC_BANK_NAME = '公共基础题库';

/** A seeded question: the columns of `questions` besides ownership. */
export interface SeedQuestion {
  type: number;
  stem: string;
  options?: { content: string; correct: boolean }[];
  answer?: unknown;
  analysis?: string;
  difficulty: number;
}

export const choice = (contents: string[], correct: number[]) =>
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
export async function seedPublicBank(db: Db, platformId: number): Promise<void> {
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
