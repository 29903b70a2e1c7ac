import { DEFAULT_ABILITY_DIMENSIONS } from '@kaopei/shared';
import {
  abilities,
  abilityDimensions,
  abilityKnowledge,
  abilityMaterials,
  postAbilities,
  postKnowledge,
  type AbilityLevelAnchor,
} from '../schema';
import type { Demo } from './demo';

/**
 * Demo data of issue 16: the ability library (four dimensions, twenty abilities with behavioural anchors),
 * complete models and knowledge maps of the five demo posts, and learning links per ability. The technical
 * abilities are linked to the demo's knowledge points, so the demo questions measure them: every ability of
 * Java开发工程师's model has approved questions (the post-exam step generates its paper from it).
 */

type Dimension = (typeof DEFAULT_ABILITY_DIMENSIONS)[number];

interface DemoAbility {
  name: string;
  dimension: Dimension;
  description: string;
  /** Behaviour at levels 1–5 (the level names are the defaults 入门…专家). */
  anchors: [string, string, string, string, string];
  knowledge?: string[];
  /** [title, url, level or null for all levels, minutes]. */
  materials: [string, string, number | null, number][];
}

const LEVEL_NAMES = ['入门', '初级', '中级', '高级', '专家'];

const ABILITIES: DemoAbility[] = [
  {
    name: '编程语言基础',
    dimension: '专业知识',
    description: '对编程语言核心机制（作用域、闭包、类型与内存模型）的理解。',
    anchors: [
      '了解基本语法，能在示例基础上修改简单代码',
      '能独立编写常见逻辑，理解作用域与闭包的基本用法',
      '能解释语言机制对代码行为的影响，写出清晰可维护的代码',
      '能定位由语言机制引起的隐蔽缺陷，制定团队编码规范',
      '深入理解语言实现原理，能评审关键设计并培养他人',
    ],
    knowledge: ['JavaScript', '闭包'],
    materials: [
      ['MDN：闭包', 'https://developer.mozilla.org/zh-CN/docs/Web/JavaScript/Closures', null, 30],
      ['JavaScript 现代教程：变量作用域与闭包', 'https://zh.javascript.info/closure', 2, 45],
      ['你不知道的 JavaScript：作用域与闭包', 'https://github.com/getify/You-Dont-Know-JS', 4, 240],
    ],
  },
  {
    name: '异步与并发编程',
    dimension: '专业技能',
    description: '用回调、Promise、async/await 与并发控制写出正确、高效的异步代码。',
    anchors: [
      '知道异步的概念，能照示例使用回调',
      '能用 Promise 与 async/await 编写顺序异步流程',
      '能处理并发、超时与错误传播，理解事件循环',
      '能设计可取消、可重试的并发任务，排查竞态问题',
      '能为系统制定异步与并发方案，解决高并发下的疑难问题',
    ],
    knowledge: ['异步编程'],
    materials: [
      [
        'MDN：使用 Promise',
        'https://developer.mozilla.org/zh-CN/docs/Web/JavaScript/Guide/Using_promises',
        null,
        40,
      ],
      ['JavaScript 现代教程：Promise、async/await', 'https://zh.javascript.info/async', 2, 90],
      ['事件循环详解', 'https://developer.mozilla.org/zh-CN/docs/Web/JavaScript/Event_loop', 3, 30],
    ],
  },
  {
    name: '前端框架应用',
    dimension: '专业技能',
    description: '用 React 的组件、Hooks 与状态管理构建可维护的界面。',
    anchors: [
      '能在指导下修改已有组件',
      '能独立开发常规组件，正确使用常用 Hooks',
      '能合理划分组件与状态，处理副作用与性能问题',
      '能设计组件库与状态管理方案，指导团队落地',
      '能主导前端架构演进，解决框架层面的复杂问题',
    ],
    knowledge: ['React', 'Hooks', '状态管理'],
    materials: [
      ['React 官方文档：快速入门', 'https://zh-hans.react.dev/learn', null, 60],
      ['React 官方文档：Hooks 参考', 'https://zh-hans.react.dev/reference/react/hooks', 2, 90],
      ['React 官方文档：状态管理', 'https://zh-hans.react.dev/learn/managing-state', 3, 120],
    ],
  },
  {
    name: '安全生产意识',
    dimension: '通用素质',
    description: '遵守消防与用电安全规范，能识别隐患并正确处置突发情况。',
    anchors: [
      '知道基本的安全规定，需要提醒才能遵守',
      '能自觉遵守消防与用电规范，知道报警与疏散方法',
      '能识别工作场所的常见隐患并及时报告',
      '能组织部门安全检查与演练，正确处置初起火灾与触电事故',
      '能建立安全管理制度，带动团队形成安全文化',
    ],
    knowledge: ['安全生产', '消防安全', '用电安全'],
    materials: [
      ['应急管理部：消防安全常识', 'https://www.mem.gov.cn/kp/', null, 30],
      ['灭火器的正确使用方法', 'https://www.119.gov.cn/', 2, 20],
    ],
  },
  {
    name: 'Java编程',
    dimension: '专业知识',
    description: 'Java 语言、集合与并发、JVM 与主流框架（Spring Boot、MyBatis）。',
    anchors: [
      '了解 Java 基本语法，能在指导下完成简单功能',
      '能独立用 Spring Boot 完成常规接口开发与单元测试',
      '熟悉集合、并发与 JVM 原理，能编写高质量的业务模块',
      '能进行性能调优与疑难问题排查，制定编码规范',
      '能主导核心框架与中间件的选型和改造，培养技术骨干',
    ],
    materials: [
      ['Java 教程（Oracle）', 'https://docs.oracle.com/javase/tutorial/', null, 300],
      ['Spring Boot 参考文档', 'https://docs.spring.io/spring-boot/', 2, 240],
    ],
  },
  {
    name: '数据库与SQL',
    dimension: '专业知识',
    description: '关系数据库建模、SQL 编写、索引设计与查询优化。',
    anchors: [
      '能写简单的增删改查语句',
      '能编写多表关联与分组统计，理解常见约束',
      '能独立完成数据建模与索引设计，读懂执行计划',
      '能优化慢查询，设计分库分表与数据迁移方案',
      '能主导数据库架构与高可用方案，解决复杂数据问题',
    ],
    materials: [
      ['PostgreSQL 中文文档：SQL 语言', 'http://www.postgres.cn/docs/current/sql.html', null, 180],
      ['使用 EXPLAIN', 'https://www.postgresql.org/docs/current/using-explain.html', 3, 60],
    ],
  },
  {
    name: '系统设计',
    dimension: '专业技能',
    description: '面向可用性、扩展性与成本的系统与接口设计。',
    anchors: [
      '能读懂已有设计文档',
      '能在指导下设计单个模块的接口与数据结构',
      '能独立完成子系统设计，考虑容错、监控与扩展',
      '能设计跨系统方案，权衡一致性、性能与成本',
      '能制定整体技术架构与演进路线，评审重大方案',
    ],
    materials: [
      [
        '系统设计入门（The System Design Primer）',
        'https://github.com/donnemartin/system-design-primer',
        null,
        240,
      ],
      ['十二要素应用', 'https://12factor.net/zh_cn/', 3, 60],
    ],
  },
  {
    name: '软件测试方法',
    dimension: '专业知识',
    description: '测试理论与用例设计方法：等价类、边界值、场景法与缺陷管理。',
    anchors: [
      '能按已有用例执行测试并记录结果',
      '能用等价类、边界值等方法编写功能测试用例',
      '能制定测试计划与策略，覆盖功能、接口与兼容性',
      '能建立测试度量与质量门禁，评估版本发布风险',
      '能建设组织级测试体系与方法论，培养测试团队',
    ],
    materials: [
      [
        'ISTQB 基础级大纲',
        'https://www.istqb.org/certifications/certified-tester-foundation-level',
        null,
        180,
      ],
      ['测试用例设计方法', 'https://www.guru99.com/test-case-design.html', 2, 60],
    ],
  },
  {
    name: '自动化测试',
    dimension: '专业技能',
    description: '用自动化工具（Playwright、Selenium、JMeter）建设接口、界面与性能测试。',
    anchors: [
      '了解自动化测试的作用，能运行已有脚本',
      '能编写简单的接口或界面自动化脚本',
      '能搭建自动化框架并接入持续集成',
      '能设计分层自动化策略，治理不稳定用例',
      '能建设团队级测试平台，显著提升交付效率',
    ],
    materials: [
      ['Playwright 官方文档', 'https://playwright.dev/docs/intro', null, 120],
      ['JMeter 用户手册', 'https://jmeter.apache.org/usermanual/index.html', 3, 120],
    ],
  },
  {
    name: '需求分析',
    dimension: '专业技能',
    description: '发现用户问题，澄清需求并写出可验证的需求说明。',
    anchors: [
      '能记录用户提出的需求',
      '能通过访谈澄清需求，写出基本的需求文档',
      '能分析需求背后的目标，编写用户故事与验收标准',
      '能处理复杂与冲突的需求，推动相关方达成一致',
      '能建立需求管理方法，洞察行业趋势提出创新需求',
    ],
    materials: [
      ['用户故事与验收标准', 'https://www.atlassian.com/zh/agile/project-management/user-stories', null, 30],
      ['需求工程概览', 'https://www.iiba.org/business-analysis-certifications/', 3, 90],
    ],
  },
  {
    name: '产品规划',
    dimension: '专业技能',
    description: '制定产品目标、路线图与优先级，衡量产品成效。',
    anchors: [
      '了解本产品的定位与主要功能',
      '能参与版本规划，整理需求优先级',
      '能制定产品路线图与版本目标，定义成功指标',
      '能基于市场与数据调整产品战略，协调多条产品线',
      '能制定公司级产品战略，开创新的业务方向',
    ],
    materials: [
      ['产品路线图指南', 'https://www.atlassian.com/zh/agile/product-management/product-roadmaps', null, 40],
      ['OKR 目标管理', 'https://www.whatmatters.com/', 3, 60],
    ],
  },
  {
    name: '客户开发',
    dimension: '专业技能',
    description: '寻找与开拓客户，建立并维护长期合作关系。',
    anchors: [
      '能按名单联系潜在客户',
      '能独立完成客户拜访与需求了解',
      '能持续开拓新客户并完成个人业绩目标',
      '能开发与经营重点客户，制定区域客户策略',
      '能开拓新的市场与渠道，带领团队突破业绩',
    ],
    materials: [
      ['顾问式销售入门', 'https://www.hubspot.com/sales/consultative-selling', null, 45],
      ['客户关系管理基础', 'https://www.salesforce.com/cn/crm/', 2, 40],
    ],
  },
  {
    name: '谈判技巧',
    dimension: '专业技能',
    description: '在商务谈判中明确目标、把握底线并达成双赢。',
    anchors: [
      '了解谈判的基本流程',
      '能在授权范围内完成常规价格谈判',
      '能准备谈判方案，灵活运用让步与交换',
      '能主导复杂的大客户谈判，化解僵局',
      '能制定公司级商务谈判策略，培养谈判人才',
    ],
    materials: [
      ['哈佛谈判项目：原则谈判', 'https://www.pon.harvard.edu/', null, 60],
      ['谈判中的 BATNA', 'https://www.pon.harvard.edu/tag/batna/', 3, 30],
    ],
  },
  {
    name: '招聘与配置',
    dimension: '专业技能',
    description: '根据岗位要求寻访、甄选并配置合适的人才。',
    anchors: [
      '能发布职位并筛选简历',
      '能组织面试安排，完成常规岗位招聘',
      '能运用结构化面试与测评甄选人才',
      '能制定招聘策略与渠道组合，完成关键岗位招聘',
      '能建设雇主品牌与人才供应体系',
    ],
    materials: [
      [
        '结构化面试指南',
        'https://www.shrm.org/topics-tools/tools/toolkits/interviewing-candidates-employment',
        null,
        45,
      ],
      ['胜任力模型与人才甄选', 'https://www.shrm.org/', 3, 60],
    ],
  },
  {
    name: '员工关系',
    dimension: '专业技能',
    description: '劳动关系管理、员工沟通与争议处理。',
    anchors: [
      '能办理入离职等常规手续',
      '能解答员工的常见政策问题',
      '能处理一般劳动争议与员工投诉，确保合规',
      '能设计员工沟通与关怀机制，预防用工风险',
      '能制定组织级员工关系策略，处理重大劳动争议',
    ],
    materials: [
      ['中华人民共和国劳动合同法', 'https://www.gov.cn/flfg/2007-06/29/content_669394.htm', null, 90],
      ['员工关系管理实践', 'https://www.shrm.org/topics-tools/topics/employee-relations', 3, 60],
    ],
  },
  {
    name: '沟通表达',
    dimension: '通用素质',
    description: '清晰、有针对性地表达观点，倾听并达成共识。',
    anchors: [
      '能表达自己的想法，但条理性不足',
      '能清楚表达观点，认真倾听他人',
      '能根据对象调整沟通方式，有效推进工作',
      '能在分歧与压力下沟通，推动多方达成共识',
      '能在组织层面影响他人，传递愿景并凝聚共识',
    ],
    materials: [
      ['金字塔原理：结构化表达', 'https://www.mckinsey.com/', null, 60],
      ['非暴力沟通要点', 'https://www.cnvc.org/', 3, 45],
    ],
  },
  {
    name: '团队协作',
    dimension: '通用素质',
    description: '与他人配合完成共同目标，主动分享与支持。',
    anchors: [
      '能完成分配给自己的任务',
      '能主动与同事配合，按时交付',
      '能主动分享信息与经验，帮助团队解决问题',
      '能协调跨团队合作，化解协作中的冲突',
      '能营造协作文化，推动组织层面的协同',
    ],
    materials: [
      ['谷歌亚里士多德项目：高效团队', 'https://rework.withgoogle.com/', null, 30],
      ['团队协作的五种障碍', 'https://www.tablegroup.com/', 3, 60],
    ],
  },
  {
    name: '问题解决',
    dimension: '通用素质',
    description: '分析问题根因，提出并落实有效的解决方案。',
    anchors: [
      '遇到问题能及时求助',
      '能独立解决常规问题',
      '能分析根因，提出多个方案并评估选择',
      '能解决跨领域的复杂问题，形成可复用的方法',
      '能预见系统性问题并从机制上解决',
    ],
    materials: [
      ['5 Why 根因分析', 'https://www.lean.org/lexicon-terms/5-whys/', null, 20],
      ['PDCA 循环', 'https://asq.org/quality-resources/pdca-cycle', 2, 30],
    ],
  },
  {
    name: '学习能力',
    dimension: '通用素质',
    description: '快速掌握新知识与新技能，并应用到工作中。',
    anchors: [
      '在安排下参加学习',
      '能主动学习岗位所需的新知识',
      '能快速掌握新领域并应用于工作',
      '能总结经验形成方法，带动他人学习',
      '能建设学习型组织，推动知识沉淀与传承',
    ],
    materials: [
      ['学会如何学习（Coursera）', 'https://www.coursera.org/learn/learning-how-to-learn', null, 240],
      ['费曼学习法', 'https://fs.blog/feynman-technique/', 2, 20],
    ],
  },
  {
    name: '团队管理',
    dimension: '领导力',
    description: '设定目标、分配工作、辅导下属并建设团队。',
    anchors: [
      '能带领一两名同事完成临时任务',
      '能分配小组任务并跟踪进度',
      '能设定团队目标，辅导下属成长',
      '能打造高绩效团队，培养后备人才',
      '能建设多层级组织，培养管理者',
    ],
    materials: [
      ['高效能管理者的第一年', 'https://hbr.org/topic/subject/managing-people', null, 90],
      ['绩效辅导与反馈', 'https://www.ccl.org/articles/leading-effectively-articles/', 3, 45],
    ],
  },
];

/** [ability, required level, weight] per post; every model sums to 100. */
const MODELS: Record<string, [string, number, number][]> = {
  Java开发工程师: [
    ['编程语言基础', 4, 30],
    ['异步与并发编程', 4, 25],
    ['前端框架应用', 3, 25],
    ['安全生产意识', 3, 20],
  ],
  测试工程师: [
    ['软件测试方法', 4, 30],
    ['自动化测试', 3, 25],
    ['编程语言基础', 2, 15],
    ['问题解决', 3, 15],
    ['沟通表达', 3, 15],
  ],
  产品经理: [
    ['需求分析', 4, 30],
    ['产品规划', 4, 25],
    ['沟通表达', 4, 20],
    ['团队协作', 3, 15],
    ['学习能力', 3, 10],
  ],
  销售代表: [
    ['客户开发', 4, 35],
    ['谈判技巧', 3, 25],
    ['沟通表达', 4, 25],
    ['团队协作', 3, 15],
  ],
  人力资源专员: [
    ['招聘与配置', 3, 30],
    ['员工关系', 3, 25],
    ['沟通表达', 3, 20],
    ['团队协作', 3, 15],
    ['安全生产意识', 2, 10],
  ],
};

/** [knowledge point, mastery 1 了解 … 4 精通] per post. */
const KNOWLEDGE_MAPS: Record<string, [string, number][]> = {
  Java开发工程师: [
    ['闭包', 3],
    ['异步编程', 4],
    ['Hooks', 3],
    ['状态管理', 2],
    ['消防安全', 2],
    ['用电安全', 2],
  ],
  测试工程师: [
    ['JavaScript', 2],
    ['异步编程', 2],
    ['消防安全', 2],
  ],
  产品经理: [
    ['React', 1],
    ['消防安全', 2],
  ],
  销售代表: [
    ['消防安全', 2],
    ['用电安全', 1],
  ],
  人力资源专员: [
    ['消防安全', 3],
    ['用电安全', 3],
  ],
};

const anchorsOf = (behaviours: readonly string[]): AbilityLevelAnchor[] =>
  behaviours.map((behaviour, index) => ({ level: index + 1, name: LEVEL_NAMES[index] ?? '', behaviour }));

/** Demo step (after the posts): library, models, knowledge maps and materials, in a handful of bulk inserts. */
export async function seedDemoAbilities(demo: Demo): Promise<void> {
  const { db, organizationId } = demo;
  const dimensionRows = await db
    .insert(abilityDimensions)
    .values(DEFAULT_ABILITY_DIMENSIONS.map((name, sort) => ({ organizationId, name, sort })))
    .returning({ id: abilityDimensions.id, name: abilityDimensions.name });
  const dimensionId = new Map(dimensionRows.map((row) => [row.name, row.id]));
  const abilityRows = await db
    .insert(abilities)
    .values(
      ABILITIES.map((ability, sort) => ({
        organizationId,
        dimensionId: dimensionId.get(ability.dimension) ?? 0,
        name: ability.name,
        description: ability.description,
        levels: anchorsOf(ability.anchors),
        sort,
      })),
    )
    .returning({ id: abilities.id, name: abilities.name });
  for (const row of abilityRows) demo.abilities.set(row.name, row.id);
  const abilityId = (name: string) => demo.abilities.get(name) ?? 0;

  const links = ABILITIES.flatMap((ability) =>
    (ability.knowledge ?? []).flatMap((point) => {
      const knowledgeId = demo.knowledge.get(point);
      return knowledgeId === undefined ? [] : [{ abilityId: abilityId(ability.name), knowledgeId }];
    }),
  );
  if (links.length > 0) await db.insert(abilityKnowledge).values(links);

  await db.insert(abilityMaterials).values(
    ABILITIES.flatMap((ability) =>
      ability.materials.map(([title, url, level, minutes], sort) => ({
        organizationId,
        abilityId: abilityId(ability.name),
        level,
        kind: 'link',
        title,
        url,
        minutes,
        sort,
      })),
    ),
  );

  const model = Object.entries(MODELS).flatMap(([post, items]) => {
    const postId = demo.posts.get(post);
    if (postId === undefined) return [];
    return items.map(([name, requiredLevel, weight], sort) => ({
      postId,
      abilityId: abilityId(name),
      requiredLevel,
      weight,
      sort,
    }));
  });
  if (model.length > 0) await db.insert(postAbilities).values(model);

  const maps = Object.entries(KNOWLEDGE_MAPS).flatMap(([post, items]) => {
    const postId = demo.posts.get(post);
    if (postId === undefined) return [];
    return items.flatMap(([point, mastery]) => {
      const knowledgeId = demo.knowledge.get(point);
      return knowledgeId === undefined ? [] : [{ postId, knowledgeId, mastery }];
    });
  });
  if (maps.length > 0) await db.insert(postKnowledge).values(maps);
}
