import { choice, type SeedQuestion } from './public-bank';

/** A demo question and the knowledge points (names in knowledge.ts DEMO_KNOWLEDGE) it belongs to. */
export interface DemoQuestion extends SeedQuestion {
  knowledge: string[];
}

const p = (text: string) => `<p>${text}</p>`;
const tf = (stem: string, answer: boolean, difficulty: number, knowledge: string, analysis?: string) => ({
  type: 0,
  stem: p(stem),
  answer,
  difficulty,
  knowledge: [knowledge],
  ...(analysis ? { analysis } : {}),
});
const pick = (
  type: 1 | 2,
  stem: string,
  options: string[],
  correct: number[],
  difficulty: number,
  knowledge: string,
) => ({
  type,
  stem: p(stem),
  options: choice(options, correct),
  difficulty,
  knowledge: [knowledge],
});
const fill = (stem: string, answers: string[][], difficulty: number, knowledge: string) => ({
  type: 3,
  stem: p(stem),
  answer: { blanks: answers.map((alternatives) => ({ answers: alternatives })), caseSensitive: false },
  difficulty,
  knowledge: [knowledge],
});
const short = (
  stem: string,
  reference: string,
  scoringPoints: [string, number][],
  difficulty: number,
  knowledge: string,
) => ({
  type: 4,
  stem: p(stem),
  answer: { reference, scoringPoints: scoringPoints.map(([content, points]) => ({ content, points })) },
  difficulty,
  knowledge: [knowledge],
});

const FIRE = '消防安全';
const POWER = '用电安全';

/** 安全生产题库: fire and electrical safety, every objective type and two short answers. */
/**
 * The demo's flawed question (issue 19): stored with a wrong key, while the simulated candidates answer by
 * the true one (`trueKey`), so the finished exam's analysis shows it with negative discrimination and an
 * administrator can fix the key and rescore.
 */
export const DEMO_MISKEYED = { stem: '油锅起火时，正确的扑救方法是？', trueKey: [1] } as const;

export const SAFETY_QUESTIONS: DemoQuestion[] = [
  tf('发现火灾时，应立即拨打 119 火警电话。', true, 2, FIRE),
  tf(
    '电器设备着火时，可以直接用水扑救。',
    false,
    2,
    POWER,
    '带电设备着火应先切断电源，再用干粉或二氧化碳灭火器扑救。',
  ),
  tf('安全出口和疏散通道可以临时堆放货物。', false, 1, FIRE),
  tf('干粉灭火器使用前应先上下颠倒几次，使筒内干粉松动。', true, 4, FIRE),
  tf('湿手可以直接触摸开关和插座。', false, 1, POWER),
  tf(
    '多个大功率电器可以同时插在一个插线板上使用。',
    false,
    3,
    POWER,
    '超负荷用电会使电线过热，是电气火灾的常见原因。',
  ),
  tf('发现有人触电，应首先切断电源或用绝缘物体使其脱离电源。', true, 3, POWER),
  tf('高层建筑发生火灾时，应乘坐电梯迅速撤离。', false, 2, FIRE, '火灾时电梯可能断电或进烟，应走疏散楼梯。'),
  pick(1, '火警电话是？', ['110', '119', '120', '122'], [1], 1, FIRE),
  pick(
    1,
    '使用灭火器时，应对准火焰的哪个部位喷射？',
    ['火焰顶部', '火焰中部', '火焰根部', '任意部位'],
    [2],
    3,
    FIRE,
  ),
  pick(
    1,
    '被困火场时，下列做法正确的是？',
    ['乘坐电梯逃生', '用湿毛巾捂住口鼻低姿撤离', '躲到床底下', '从高楼跳下'],
    [1],
    2,
    FIRE,
  ),
  pick(1, '我国规定的安全电压一般不超过多少伏？', ['12 V', '36 V', '110 V', '220 V'], [1], 4, POWER),
  pick(
    1,
    '家用电器起火时，第一步应该？',
    ['用水浇灭', '切断电源', '打开门窗通风', '拨打 120'],
    [1],
    2,
    POWER,
  ),
  pick(
    1,
    '灭火器压力表的指针在哪个区域时表示压力正常？',
    ['红色区域', '黄色区域', '绿色区域', '任意区域'],
    [2],
    5,
    FIRE,
  ),
  pick(
    1,
    '漏电保护器的主要作用是？',
    ['防止电压过高', '防止触电和漏电事故', '节约用电', '稳定电流'],
    [1],
    5,
    POWER,
  ),
  pick(1, '燃烧的三要素是可燃物、助燃物和？', ['氧气', '着火源', '湿度', '二氧化碳'], [1], 4, FIRE),
  pick(
    1,
    '下班离开办公室时，电脑、饮水机等设备应？',
    ['保持待机', '关闭电源', '只关显示器', '无需处理'],
    [1],
    1,
    POWER,
  ),
  // Deliberately keyed wrong (D, not B): the demo's exam analysis flags it (see DEMO_MISKEYED).
  pick(1, DEMO_MISKEYED.stem, ['用水浇', '盖上锅盖并关火', '用嘴吹灭', '端起油锅倒掉'], [3], 3, FIRE),
  pick(2, '下列哪些属于常见的灭火方法？', ['隔离法', '窒息法', '冷却法', '加热法'], [0, 1, 2], 5, FIRE),
  pick(
    2,
    '下列哪些行为容易引发电气火灾？',
    ['私拉乱接电线', '超负荷用电', '使用合格电器', '电线老化不及时更换'],
    [0, 1, 3],
    4,
    POWER,
  ),
  pick(
    2,
    '火场逃生时，正确的做法有？',
    ['用湿毛巾捂住口鼻', '沿疏散指示标志撤离', '返回火场取贵重物品', '低姿前进'],
    [0, 1, 3],
    3,
    FIRE,
  ),
  pick(
    2,
    '下列哪些是安全用电的正确做法？',
    ['不用湿手触摸电器', '发现电线破损及时报修', '用铜丝代替保险丝', '离开时关闭电源'],
    [0, 1, 3],
    3,
    POWER,
  ),
  pick(
    2,
    '消防“四懂”包括？',
    ['懂火灾危险性', '懂预防措施', '懂扑救方法', '懂逃生方法'],
    [0, 1, 2, 3],
    6,
    FIRE,
  ),
  fill('火警电话是 ____。', [['119']], 1, FIRE),
  fill('我国安全电压的上限一般为 ____ 伏。', [['36']], 4, POWER),
  fill('灭火的基本方法有冷却法、隔离法、____ 和化学抑制法。', [['窒息法', '窒息']], 6, FIRE),
  short(
    '简述发生火灾时的正确逃生方法。',
    '保持冷静并拨打 119 报警；用湿毛巾捂住口鼻，低姿沿疏散指示标志从安全通道撤离；不乘电梯、不贪恋财物、不返回火场。',
    [
      ['保持冷静，及时拨打 119 报警', 3],
      ['用湿毛巾捂住口鼻，低姿沿疏散通道撤离', 4],
      ['不乘电梯、不贪恋财物、不返回火场', 3],
    ],
    5,
    FIRE,
  ),
  short(
    '简述发现有人触电时的处置步骤。',
    '立即切断电源或用干燥木棍等绝缘物使触电者脱离电源；检查呼吸和心跳，必要时进行心肺复苏；拨打 120 并向上级报告。',
    [
      ['切断电源或用绝缘物使触电者脱离电源', 4],
      ['检查呼吸和心跳，必要时心肺复苏', 3],
      ['拨打 120 并报告', 3],
    ],
    5,
    POWER,
  ),
];

const CLOSURE = '闭包';
const ASYNC = '异步编程';
const HOOKS = 'Hooks';
const STATE = '状态管理';
const JS = 'JavaScript';

/** 岗位技能题库: front-end skills (JavaScript and React), every objective type and three short answers. */
export const SKILL_QUESTIONS: DemoQuestion[] = [
  tf('JavaScript 中 let 声明的变量具有块级作用域。', true, 2, JS),
  tf(
    'Promise 一旦从 pending 变为 fulfilled，状态还可以再变为 rejected。',
    false,
    3,
    ASYNC,
    'Promise 的状态一经改变就不会再变。',
  ),
  tf('React 的 useEffect 在不传依赖数组时，每次渲染后都会执行。', true, 4, HOOKS),
  tf('Hooks 可以在条件语句中调用。', false, 3, HOOKS, 'Hooks 必须在组件顶层以相同的顺序调用。'),
  tf('async 函数总是返回一个 Promise。', true, 3, ASYNC),
  tf('闭包可以访问其外部函数作用域中的变量。', true, 2, CLOSURE),
  tf(
    '在 React 中直接修改 state 对象即可触发重新渲染。',
    false,
    2,
    STATE,
    '应通过 setState 或状态更新函数返回新对象。',
  ),
  pick(
    1,
    '以下哪个 Hook 用于在函数组件中保存状态？',
    ['useEffect', 'useState', 'useRef', 'useMemo'],
    [1],
    1,
    HOOKS,
  ),
  pick(
    1,
    'setTimeout(fn, 0) 中的 fn 何时执行？',
    ['立即同步执行', '当前调用栈清空后的宏任务中', '当前微任务队列中', '永不执行'],
    [1],
    5,
    ASYNC,
  ),
  pick(
    1,
    '以下哪个方法在所有 Promise 都成功后才成功？',
    ['Promise.race', 'Promise.any', 'Promise.all', 'Promise.resolve'],
    [2],
    4,
    ASYNC,
  ),
  pick(
    1,
    'for (var i = 0; i &lt; 3; i++) { setTimeout(() =&gt; console.log(i)); } 输出什么？',
    ['0 1 2', '3 3 3', '0 0 0', '报错'],
    [1],
    6,
    CLOSURE,
  ),
  pick(1, 'useMemo 的主要作用是？', ['发起网络请求', '缓存计算结果', '操作 DOM', '定义路由'], [1], 4, HOOKS),
  pick(
    1,
    'Redux 中修改状态的唯一途径是？',
    ['直接赋值', '派发 action', '调用 setState', '修改 props'],
    [1],
    4,
    STATE,
  ),
  pick(1, '以下哪项不是 JavaScript 的基本数据类型？', ['string', 'number', 'array', 'boolean'], [2], 1, JS),
  pick(
    1,
    'useEffect 返回的清理函数在何时执行？',
    ['组件首次渲染前', '下一次执行副作用前及组件卸载时', '只在组件挂载时', '从不执行'],
    [1],
    6,
    HOOKS,
  ),
  pick(
    1,
    '除模块顶层外，await 只能在哪里使用？',
    ['任意函数', 'async 函数内部', '构造函数', '全局作用域'],
    [1],
    3,
    ASYNC,
  ),
  pick(1, 'React 中父组件向子组件传递数据通常使用？', ['state', 'props', 'ref', 'key'], [1], 2, STATE),
  pick(
    2,
    '下列哪些是 React 内置的 Hook？',
    ['useState', 'useEffect', 'useFetch', 'useContext'],
    [0, 1, 3],
    3,
    HOOKS,
  ),
  pick(
    2,
    '下列哪些会产生微任务？',
    ['Promise.then', 'queueMicrotask', 'setTimeout', 'MutationObserver'],
    [0, 1, 3],
    7,
    ASYNC,
  ),
  pick(
    2,
    '闭包的常见用途有？',
    ['数据私有化', '函数柯里化', '防抖与节流', '提高 CSS 优先级'],
    [0, 1, 2],
    5,
    CLOSURE,
  ),
  pick(
    2,
    '下列哪些属于常见的 React 状态管理方案？',
    ['Redux', 'Zustand', 'Context', 'jQuery'],
    [0, 1, 2],
    3,
    STATE,
  ),
  pick(
    2,
    '关于 Promise，下列说法正确的有？',
    ['可以链式调用 then', 'catch 可以捕获前面的错误', '状态可以多次改变', 'finally 无论成功失败都会执行'],
    [0, 1, 3],
    5,
    ASYNC,
  ),
  fill('声明常量使用关键字 ____。', [['const']], 1, JS),
  fill('React 中用于获取 DOM 引用的 Hook 是 ____。', [['useRef']], 3, HOOKS),
  fill('Promise 的三种状态是 pending、____ 和 rejected。', [['fulfilled']], 4, ASYNC),
  short(
    '什么是闭包？请举例说明其用途。',
    '闭包是函数与其词法作用域的组合：内部函数在外部函数返回后仍能访问外部函数的变量。常用于数据私有化、柯里化、防抖节流等。',
    [
      ['函数与其词法作用域的组合', 4],
      ['内部函数可以访问外部函数的变量', 3],
      ['举出用途：私有变量、柯里化、防抖节流等', 3],
    ],
    5,
    CLOSURE,
  ),
  short(
    '简述 useEffect 依赖数组的作用。',
    '依赖数组控制副作用的执行时机：不传时每次渲染后执行，空数组只在挂载时执行一次，有依赖时在依赖变化后重新执行。',
    [
      ['控制副作用的执行时机', 4],
      ['空数组只在挂载时执行一次', 3],
      ['依赖变化时重新执行', 3],
    ],
    5,
    HOOKS,
  ),
  short(
    '简述浏览器中宏任务与微任务的执行顺序。',
    '先执行同步代码；每执行完一个宏任务，就清空微任务队列中的全部微任务，然后再取下一个宏任务，例如 Promise.then 先于 setTimeout 执行。',
    [
      ['同步代码最先执行', 3],
      ['每个宏任务后清空微任务队列', 4],
      ['举例：Promise.then 先于 setTimeout', 3],
    ],
    7,
    ASYNC,
  ),
];
