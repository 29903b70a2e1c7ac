import { seededRng, type Rng } from '../../modules/paper/paper.rng';
import { userRoles, users } from '../schema';
import { DAY_MS, need, recordDemoActivity, type Demo } from './demo';
import type { DemoDepartment } from './org';

/**
 * The simulated staff of the demo organisation (issue 14): about three hundred people with Chinese names,
 * pinyin accounts, job numbers E2001…, phones 1392026xxxx and e-mails, spread over the departments, all
 * with the staff role and the demo password. Deterministic: every fresh demo has the same people.
 */

/** Surnames with their pinyin, the common ones first (drawn more often). */
const SURNAMES: [string, string][] = [
  ['王', 'wang'],
  ['李', 'li'],
  ['张', 'zhang'],
  ['刘', 'liu'],
  ['陈', 'chen'],
  ['杨', 'yang'],
  ['黄', 'huang'],
  ['赵', 'zhao'],
  ['吴', 'wu'],
  ['周', 'zhou'],
  ['徐', 'xu'],
  ['孙', 'sun'],
  ['马', 'ma'],
  ['朱', 'zhu'],
  ['胡', 'hu'],
  ['郭', 'guo'],
  ['何', 'he'],
  ['林', 'lin'],
  ['高', 'gao'],
  ['罗', 'luo'],
  ['郑', 'zheng'],
  ['梁', 'liang'],
  ['谢', 'xie'],
  ['宋', 'song'],
  ['唐', 'tang'],
  ['许', 'xu'],
  ['韩', 'han'],
  ['冯', 'feng'],
  ['邓', 'deng'],
  ['曹', 'cao'],
  ['彭', 'peng'],
  ['曾', 'zeng'],
  ['田', 'tian'],
  ['董', 'dong'],
  ['潘', 'pan'],
  ['袁', 'yuan'],
  ['蔡', 'cai'],
  ['蒋', 'jiang'],
  ['余', 'yu'],
  ['杜', 'du'],
];

/** Given-name characters with their pinyin, by gender (true 男). */
const GIVEN: Record<'male' | 'female', [string, string][]> = {
  male: [
    ['伟', 'wei'],
    ['强', 'qiang'],
    ['磊', 'lei'],
    ['军', 'jun'],
    ['洋', 'yang'],
    ['勇', 'yong'],
    ['杰', 'jie'],
    ['涛', 'tao'],
    ['明', 'ming'],
    ['超', 'chao'],
    ['刚', 'gang'],
    ['建', 'jian'],
    ['文', 'wen'],
    ['辉', 'hui'],
    ['宇', 'yu'],
    ['浩', 'hao'],
    ['鹏', 'peng'],
    ['博', 'bo'],
    ['俊', 'jun'],
    ['晨', 'chen'],
    ['凯', 'kai'],
    ['斌', 'bin'],
    ['鑫', 'xin'],
    ['峰', 'feng'],
    ['志', 'zhi'],
    ['海', 'hai'],
    ['天', 'tian'],
    ['轩', 'xuan'],
    ['航', 'hang'],
  ],
  female: [
    ['芳', 'fang'],
    ['娜', 'na'],
    ['敏', 'min'],
    ['静', 'jing'],
    ['丽', 'li'],
    ['艳', 'yan'],
    ['娟', 'juan'],
    ['秀', 'xiu'],
    ['霞', 'xia'],
    ['婷', 'ting'],
    ['欣', 'xin'],
    ['雪', 'xue'],
    ['琳', 'lin'],
    ['佳', 'jia'],
    ['思', 'si'],
    ['雨', 'yu'],
    ['颖', 'ying'],
    ['玲', 'ling'],
    ['慧', 'hui'],
    ['梅', 'mei'],
    ['莉', 'li'],
    ['倩', 'qian'],
    ['晶', 'jing'],
    ['璐', 'lu'],
    ['悦', 'yue'],
    ['萱', 'xuan'],
    ['琪', 'qi'],
    ['瑶', 'yao'],
    ['洁', 'jie'],
    ['蕾', 'lei'],
  ],
};

/** How many simulated people each department has (技术部 itself only through its groups). */
const STAFF_PER_DEPARTMENT: [DemoDepartment, number][] = [
  ['总经办', 12],
  ['研发组', 108],
  ['测试组', 56],
  ['人力资源部', 32],
  ['市场部', 92],
];

export const SIMULATED_STAFF_COUNT = STAFF_PER_DEPARTMENT.reduce((sum, [, count]) => sum + count, 0);

/** Accounts the named demo people (and the platform administrator) already use. */
const TAKEN = new Set(['admin', 'zhangsan', 'lisi', 'wangwu', 'zhaoliu', 'sunqi', 'platform']);

function pick<T>(list: readonly T[], rng: Rng, bias = 1): T {
  // bias > 1 favours the front of the list (common surnames).
  return list[Math.floor(rng() ** bias * list.length)] as T;
}

export interface SimulatedPerson {
  account: string;
  realName: string;
  gender: boolean;
  jobNumber: string;
  phone: string;
  email: string;
  department: DemoDepartment;
}

/** A surname and one or two given-name characters (not the same one twice), with the pinyin. */
function drawName(rng: Rng, male: boolean): { realName: string; pinyin: string } {
  const given = GIVEN[male ? 'male' : 'female'];
  const [surname, surnamePinyin] = pick(SURNAMES, rng, 1.6);
  const first = pick(given, rng);
  const second = rng() < 0.65 ? pick(given, rng) : undefined;
  const parts = second && second[0] !== first[0] ? [first, second] : [first];
  return {
    realName: surname + parts.map(([char]) => char).join(''),
    pinyin: surnamePinyin + parts.map(([, sound]) => sound).join(''),
  };
}

/** The simulated people, the same for every demo. */
export function simulatedPeople(): SimulatedPerson[] {
  const rng = seededRng('kaopei-demo-staff');
  const names = new Set<string>();
  const accounts = new Set(TAKEN);
  const people: SimulatedPerson[] = [];
  for (const [department, count] of STAFF_PER_DEPARTMENT) {
    for (let i = 0; i < count; i++) {
      const gender = rng() < 0.55;
      let name = drawName(rng, gender);
      // Two people may share a name in a real company; the demo keeps them apart for a readable list.
      while (names.has(name.realName)) name = drawName(rng, gender);
      const { realName, pinyin } = name;
      names.add(realName);
      let account = pinyin;
      for (let n = 2; accounts.has(account); n++) account = `${pinyin}${n}`;
      accounts.add(account);
      const seq = people.length + 1;
      people.push({
        account,
        realName,
        gender,
        jobNumber: `E${2000 + seq}`,
        phone: `1392026${String(seq).padStart(4, '0')}`,
        email: `${account}@example.com`,
        department,
      });
    }
  }
  return people;
}

/** When the staff were imported (days before the seed). */
const IMPORTED_DAYS_AGO = 30;

/** Demo step: the simulated staff, in one insert, with the staff role, imported a month ago. */
export async function seedDemoStaff(demo: Demo): Promise<void> {
  const people = simulatedPeople();
  const rows = await demo.db
    .insert(users)
    .values(
      people.map((person) => ({
        ...person,
        organizationId: demo.organizationId,
        passwordHash: demo.passwordHash,
        departmentId: need(demo.departments, person.department),
        createdAt: new Date(demo.now - IMPORTED_DAYS_AGO * DAY_MS),
      })),
    )
    .returning({ id: users.id });
  demo.staff = rows.map((row) => row.id);
  const staffRole = need(demo.roles, 'staff');
  await demo.db.insert(userRoles).values(demo.staff.map((userId) => ({ userId, roleId: staffRole })));
  await recordDemoActivity(demo, [
    {
      at: demo.now - IMPORTED_DAYS_AGO * DAY_MS,
      action: '导入员工',
      detail: `导入了 ${people.length} 名员工`,
    },
  ]);
}
