/**
 * Position templates for the public /post/buildPost page (issue 16, spec §9 "choose 10 related
 * positions"), and the training-plan rule (培养方案): from the profile a visitor builds and up to 10
 * related positions, the abilities to raise (target = the highest level any chosen position requires),
 * the knowledge to learn and the suggested learning. Pure data and rules; the page runs them in the browser.
 */
import { MAX_ABILITY_LEVEL, MIN_ABILITY_LEVEL } from './ability';

/** Spec §9: the training-plan teaser says to choose 10 related positions. */
export const MAX_RELATED_POSITIONS = 10;
export const RELATED_POSITIONS_LIMIT_MESSAGE = `最多选择 ${MAX_RELATED_POSITIONS} 个相关岗位`;

export interface ProfileAbility {
  name: string;
  /** One of the dimensions (专业知识, 专业技能, 通用素质, 领导力) or the visitor's own. */
  dimension: string;
  /** 1–5. */
  requiredLevel: number;
  /** Whole percent; a profile's weights sum to 100. */
  weight: number;
  /** Suggested learning (books, courses, practice), in order. */
  learning: string[];
}

export interface PositionProfile {
  name: string;
  /** 岗位序列. */
  family: string;
  duties: string[];
  abilities: ProfileAbility[];
  /** Knowledge topics the position needs. */
  knowledge: string[];
}

export interface PostTemplate extends PositionProfile {
  key: string;
  summary: string;
}

/** Suggested learning per ability, shared by every template that names the ability. */
export const ABILITY_LEARNING: Record<string, string[]> = {
  'Java 编程': ['《Java 核心技术 卷 I》', '《Effective Java》', 'LeetCode Java 专项练习 50 题'],
  框架与中间件: ['Spring Boot 官方指南', '消息队列与缓存实战课程'],
  数据库设计与优化: ['《高性能 MySQL》', 'SQL 执行计划与索引调优练习'],
  系统设计: ['《数据密集型应用系统设计》', '分布式系统案例复盘（每月 1 次）'],
  问题解决: ['根因分析方法（5 Why、鱼骨图）', '线上故障复盘会'],
  团队协作: ['代码评审与协作规范', '《高效能团队协作》'],
  前端编程: ['《JavaScript 高级程序设计》', 'TypeScript 官方手册'],
  前端框架: ['React 官方文档与示例', '组件化开发实战课程'],
  用户体验与交互: ['《用户体验要素》', '《About Face 4：交互设计精髓》'],
  前端工程化: ['Vite 与构建优化实践', '前端性能优化与监控课程'],
  测试设计: ['《软件测试的艺术》', '等价类、边界值与判定表练习'],
  自动化测试: ['Playwright 端到端测试实战', '接口自动化测试课程'],
  缺陷管理: ['缺陷生命周期与分级规范', '质量度量与测试报告编写'],
  沟通表达: ['《非暴力沟通》', '结构化表达（金字塔原理）训练'],
  需求分析: ['《用户故事地图》', '需求评审与 PRD 写作训练'],
  产品设计: ['《启示录：打造用户喜爱的产品》', '原型设计工具实战'],
  数据分析: ['《精益数据分析》', 'Excel 与 SQL 数据分析实战'],
  项目管理: ['PMP 知识体系（PMBOK）导读', '敏捷 Scrum 实践课程'],
  视觉设计: ['《写给大家看的设计书》', '色彩与排版专项练习'],
  设计工具: ['Figma 从入门到精通', '设计效率插件与自动布局'],
  设计规范与组件库: ['Ant Design 设计价值观与规范', '设计系统搭建案例'],
  创新思维: ['《设计思维》工作坊', '竞品与跨行业案例拆解'],
  'SQL 与数据处理': ['《SQL 必知必会》', 'Python pandas 数据处理实战'],
  统计学: ['《深入浅出统计学》', 'A/B 测试与假设检验课程'],
  数据可视化: ['《用图表说话》', 'ECharts 与 BI 工具实战'],
  业务理解: ['公司业务与产品线培训', '行业研究报告精读'],
  客户开发: ['《销售巨人》（SPIN 销售法）', '客户画像与线索管理实战'],
  谈判与成交: ['《谈判力》', '商务谈判情景演练'],
  产品知识: ['产品功能与方案培训', '典型客户案例库'],
  客户导向: ['客户旅程地图工作坊', '《服务的细节》'],
  抗压能力: ['压力管理与情绪调节课程', '目标拆解与时间管理训练'],
  客户成功管理: ['《客户成功》', '续约与增购策略实战'],
  招聘与配置: ['结构化面试技术', '人才画像与渠道运营课程'],
  劳动法规: ['《劳动合同法》解读', '劳动争议典型案例'],
  员工关系: ['员工沟通与关怀实务', '入离职与异动流程规范'],
  人事数据管理: ['Excel 人事数据处理', 'HR 系统操作与数据规范'],
  保密与合规: ['信息安全与保密制度培训', '合规风险案例'],
  会计核算: ['《企业会计准则》讲解', '总账与凭证实操'],
  税务知识: ['增值税与企业所得税实务', '个税汇算与申报'],
  财务软件: ['用友 / 金蝶财务软件实操', '电子发票与报销系统'],
  严谨细致: ['工作清单与复核方法', '差错案例复盘'],
  行政事务管理: ['行政管理制度汇编', '会议与活动组织实务'],
  办公软件: ['Office 高效办公课程', 'Excel 函数与数据透视表'],
  采购与资产管理: ['采购流程与供应商管理', '固定资产盘点实务'],
  服务意识: ['服务礼仪与沟通', '内部客户满意度改进'],
  风险管理: ['项目风险识别与应对', '《项目风险管理》'],
  团队领导: ['《领导梯队》', '教练式辅导与授权训练'],
};

type AbilityRow = [name: string, dimension: string, requiredLevel: number, weight: number];

function template(
  key: string,
  name: string,
  family: string,
  summary: string,
  duties: string[],
  abilities: AbilityRow[],
  knowledge: string[],
): PostTemplate {
  return {
    key,
    name,
    family,
    summary,
    duties,
    abilities: abilities.map(([abilityName, dimension, requiredLevel, weight]) => ({
      name: abilityName,
      dimension,
      requiredLevel,
      weight,
      learning: ABILITY_LEARNING[abilityName] ?? [],
    })),
    knowledge,
  };
}

const K = '专业知识';
const S = '专业技能';
const G = '通用素质';
const L = '领导力';

/** Twelve common positions; each model's weights sum to 100. */
export const POST_TEMPLATES: readonly PostTemplate[] = [
  template(
    'java-developer',
    'Java开发工程师',
    '技术序列',
    '负责后端服务的设计、开发与维护',
    [
      '参与需求评审，完成模块的技术设计',
      '编写高质量的后端代码与单元测试',
      '排查并解决线上问题，优化系统性能',
      '参与代码评审与技术文档建设',
    ],
    [
      ['Java 编程', S, 4, 25],
      ['框架与中间件', S, 3, 20],
      ['数据库设计与优化', K, 3, 15],
      ['系统设计', K, 3, 15],
      ['问题解决', G, 3, 15],
      ['团队协作', G, 3, 10],
    ],
    ['Java 集合与并发', 'JVM 原理', 'Spring 生态', 'MySQL 索引与事务', 'Redis 缓存', '微服务架构'],
  ),
  template(
    'frontend-developer',
    '前端开发工程师',
    '技术序列',
    '负责 Web 与移动端页面的开发与体验优化',
    [
      '根据设计稿实现页面与交互',
      '封装可复用的组件，维护前端工程',
      '优化页面性能与可访问性',
      '与后端协作定义接口',
    ],
    [
      ['前端编程', S, 4, 25],
      ['前端框架', S, 3, 20],
      ['用户体验与交互', K, 3, 15],
      ['前端工程化', K, 3, 15],
      ['问题解决', G, 3, 15],
      ['团队协作', G, 3, 10],
    ],
    ['HTML 与 CSS 布局', 'JavaScript 与 TypeScript', 'React', '浏览器原理', '前端性能优化', 'Web 可访问性'],
  ),
  template(
    'qa-engineer',
    '测试工程师',
    '技术序列',
    '负责产品质量保障，设计与执行测试',
    [
      '分析需求，编写测试计划与用例',
      '执行功能、接口与回归测试',
      '建设自动化测试并维护',
      '跟踪缺陷，输出质量报告',
    ],
    [
      ['测试设计', S, 4, 25],
      ['自动化测试', S, 3, 20],
      ['缺陷管理', K, 3, 15],
      ['Java 编程', S, 2, 10],
      ['问题解决', G, 3, 15],
      ['沟通表达', G, 3, 15],
    ],
    ['测试方法论', '接口测试', 'Playwright 与 Selenium', '性能测试', '持续集成'],
  ),
  template(
    'product-manager',
    '产品经理',
    '产品序列',
    '负责产品规划、需求管理与版本交付',
    [
      '调研用户与市场，明确产品方向',
      '撰写需求文档与原型',
      '协调研发、设计与测试推进版本',
      '跟踪数据，持续迭代产品',
    ],
    [
      ['需求分析', S, 4, 25],
      ['产品设计', S, 4, 20],
      ['用户体验与交互', K, 3, 10],
      ['数据分析', S, 3, 15],
      ['沟通表达', G, 4, 15],
      ['项目管理', L, 3, 15],
    ],
    ['用户研究方法', '需求优先级', '原型设计', '产品数据指标', '竞品分析', '敏捷开发'],
  ),
  template(
    'ui-designer',
    'UI设计师',
    '产品序列',
    '负责产品界面的视觉与交互设计',
    [
      '输出界面视觉稿与交互说明',
      '建设并维护设计规范与组件库',
      '与产品、研发协作还原设计',
      '参与用户测试，改进体验',
    ],
    [
      ['视觉设计', S, 4, 30],
      ['用户体验与交互', K, 4, 20],
      ['设计工具', S, 4, 15],
      ['设计规范与组件库', K, 3, 15],
      ['沟通表达', G, 3, 10],
      ['创新思维', G, 3, 10],
    ],
    ['色彩与排版', '栅格与布局', '交互原则', '设计系统', '可用性测试'],
  ),
  template(
    'data-analyst',
    '数据分析师',
    '技术序列',
    '负责业务数据的分析、建模与洞察输出',
    ['搭建业务指标体系与报表', '开展专题分析，提出改进建议', '设计并评估 A/B 实验', '维护数据口径与质量'],
    [
      ['数据分析', S, 4, 30],
      ['SQL 与数据处理', S, 4, 20],
      ['统计学', K, 3, 15],
      ['数据可视化', S, 3, 15],
      ['业务理解', G, 3, 10],
      ['沟通表达', G, 3, 10],
    ],
    ['SQL', 'Python 数据处理', '描述统计与假设检验', '指标体系', 'BI 报表'],
  ),
  template(
    'sales-representative',
    '销售代表',
    '营销序列',
    '负责客户开发与销售目标达成',
    [
      '开发潜在客户，维护销售线索',
      '介绍产品方案，推进商机',
      '谈判并签订合同，跟进回款',
      '维护客户关系，发掘复购',
    ],
    [
      ['客户开发', S, 4, 25],
      ['谈判与成交', S, 4, 25],
      ['产品知识', K, 3, 15],
      ['客户导向', G, 4, 15],
      ['沟通表达', G, 4, 10],
      ['抗压能力', G, 3, 10],
    ],
    ['销售流程', '产品方案', '合同与回款', '客户关系管理（CRM）', '行业知识'],
  ),
  template(
    'customer-success-manager',
    '客户成功经理',
    '营销序列',
    '负责客户上线、使用与续约',
    ['制定客户成功计划，推动产品上线', '定期回访，提升客户活跃度', '识别流失风险并干预', '推动续约与增购'],
    [
      ['客户导向', G, 4, 20],
      ['客户成功管理', S, 4, 25],
      ['产品知识', K, 4, 15],
      ['数据分析', S, 2, 10],
      ['沟通表达', G, 4, 15],
      ['项目管理', L, 3, 15],
    ],
    ['客户生命周期', '产品实施', '健康度指标', '续约管理', '客户培训'],
  ),
  template(
    'hr-specialist',
    '人力资源专员',
    '职能序列',
    '负责招聘、入离职与员工关系等人事工作',
    [
      '发布职位，筛选简历并组织面试',
      '办理入职、转正、调动与离职',
      '维护员工档案与人事数据',
      '处理员工咨询与劳动关系事务',
    ],
    [
      ['招聘与配置', S, 3, 25],
      ['劳动法规', K, 3, 20],
      ['员工关系', S, 3, 15],
      ['人事数据管理', S, 3, 10],
      ['沟通表达', G, 3, 15],
      ['保密与合规', G, 4, 15],
    ],
    ['劳动合同法', '社会保险与公积金', '招聘渠道', '面试方法', '人事档案管理'],
  ),
  template(
    'finance-specialist',
    '财务专员',
    '职能序列',
    '负责会计核算、报销与税务申报',
    ['审核报销单据，编制记账凭证', '完成月结与对账', '办理纳税申报与发票管理', '编制财务报表，配合审计'],
    [
      ['会计核算', S, 4, 30],
      ['税务知识', K, 3, 20],
      ['财务软件', S, 3, 15],
      ['数据分析', S, 2, 10],
      ['保密与合规', G, 4, 15],
      ['严谨细致', G, 4, 10],
    ],
    ['会计准则', '增值税', '企业所得税', '财务报表', '费用报销制度'],
  ),
  template(
    'admin-specialist',
    '行政专员',
    '职能序列',
    '负责办公环境、行政事务与后勤保障',
    ['管理办公用品与固定资产', '组织会议、活动与接待', '处理办公环境与后勤事务', '维护行政制度与供应商'],
    [
      ['行政事务管理', S, 3, 25],
      ['办公软件', S, 3, 15],
      ['采购与资产管理', K, 3, 15],
      ['沟通表达', G, 3, 15],
      ['服务意识', G, 3, 15],
      ['严谨细致', G, 3, 15],
    ],
    ['行政管理制度', '会议组织', '采购流程', '固定资产管理', '办公安全'],
  ),
  template(
    'project-manager',
    '项目经理',
    '管理序列',
    '负责项目的计划、执行与交付',
    ['制定项目计划与里程碑', '协调资源，跟踪进度与质量', '识别风险并推动解决', '向干系人汇报，组织复盘'],
    [
      ['项目管理', L, 4, 30],
      ['需求分析', S, 3, 10],
      ['风险管理', S, 4, 15],
      ['团队领导', L, 4, 20],
      ['沟通表达', G, 4, 15],
      ['问题解决', G, 4, 10],
    ],
    ['项目管理知识体系', '敏捷与 Scrum', '进度与成本控制', '风险管理', '干系人管理'],
  ),
];

/** A blank profile to start from. */
export function blankProfile(): PositionProfile {
  return { name: '', family: '', duties: [], abilities: [], knowledge: [] };
}

/** A template as an editable profile (a deep copy). */
export function profileFromTemplate(source: PositionProfile): PositionProfile {
  return {
    name: source.name,
    family: source.family,
    duties: [...source.duties],
    abilities: source.abilities.map((a) => ({ ...a, learning: [...a.learning] })),
    knowledge: [...source.knowledge],
  };
}

/** Why one more related position is refused, or null while fewer than 10 are chosen. */
export function relatedPositionProblem(chosenCount: number): string | null {
  return chosenCount >= MAX_RELATED_POSITIONS ? RELATED_POSITIONS_LIMIT_MESSAGE : null;
}

// ---------------------------------------------------------------------------------------------------------
// The training plan
// ---------------------------------------------------------------------------------------------------------

export interface PlanAbility {
  name: string;
  dimension: string;
  /** The level the visitor's own profile requires (taken as what they have); 0 when it lacks the ability. */
  currentLevel: number;
  /** The highest level any chosen position requires. */
  targetLevel: number;
  gap: number;
  /** The chosen positions that need the ability, highest requirement first. */
  positions: { name: string; level: number }[];
  learning: string[];
}

export interface PlanKnowledge {
  topic: string;
  /** The chosen positions that need it. */
  positions: string[];
}

export interface PlanMaterial {
  title: string;
  /** The abilities to raise it serves. */
  abilities: string[];
}

export interface TrainingPlan {
  positions: string[];
  /** Abilities to raise, largest gap first (then the most positions needing them). */
  abilities: PlanAbility[];
  /** Abilities the chosen positions need that the profile already reaches. */
  metCount: number;
  /** Knowledge topics of the chosen positions the profile does not list, most needed first. */
  knowledge: PlanKnowledge[];
  materials: PlanMaterial[];
}

const keyOf = (text: string) => text.trim().toLowerCase();
const clampLevel = (level: number) =>
  Math.min(MAX_ABILITY_LEVEL, Math.max(MIN_ABILITY_LEVEL, Math.round(level)));

function collectAbilities(related: readonly PositionProfile[]) {
  const byName = new Map<string, PlanAbility>();
  for (const position of related) {
    for (const ability of position.abilities) {
      if (ability.name.trim() === '') continue;
      const level = clampLevel(ability.requiredLevel);
      const entry = byName.get(keyOf(ability.name)) ?? {
        name: ability.name.trim(),
        dimension: ability.dimension,
        currentLevel: 0,
        targetLevel: 0,
        gap: 0,
        positions: [],
        learning: [],
      };
      entry.targetLevel = Math.max(entry.targetLevel, level);
      entry.positions.push({ name: position.name, level });
      for (const item of ability.learning) if (!entry.learning.includes(item)) entry.learning.push(item);
      byName.set(keyOf(ability.name), entry);
    }
  }
  return byName;
}

/**
 * The 培养方案 for someone in `base` who aims at the `related` positions (at most 10; more throw a
 * RangeError with the Chinese refusal): every ability a chosen position needs above the base profile's
 * level, with the highest required level as the target and the positions that need it; the knowledge the
 * base profile lacks; and the suggested learning, each title once.
 */
export function buildTrainingPlan(base: PositionProfile, related: readonly PositionProfile[]): TrainingPlan {
  if (related.length > MAX_RELATED_POSITIONS) throw new RangeError(RELATED_POSITIONS_LIMIT_MESSAGE);
  const current = new Map(base.abilities.map((a) => [keyOf(a.name), clampLevel(a.requiredLevel)]));
  const needed = [...collectAbilities(related).entries()].map(([key, entry]) => {
    entry.currentLevel = current.get(key) ?? 0;
    entry.gap = Math.max(entry.targetLevel - entry.currentLevel, 0);
    entry.positions.sort((a, b) => b.level - a.level);
    return entry;
  });
  const abilities = needed
    .filter((a) => a.gap > 0)
    .sort(
      (a, b) => b.gap - a.gap || b.positions.length - a.positions.length || b.targetLevel - a.targetLevel,
    );

  const known = new Set(base.knowledge.map(keyOf));
  const topics = new Map<string, PlanKnowledge>();
  for (const position of related) {
    for (const topic of position.knowledge) {
      if (topic.trim() === '' || known.has(keyOf(topic))) continue;
      const entry = topics.get(keyOf(topic)) ?? { topic: topic.trim(), positions: [] };
      if (!entry.positions.includes(position.name)) entry.positions.push(position.name);
      topics.set(keyOf(topic), entry);
    }
  }

  const materials = new Map<string, PlanMaterial>();
  for (const ability of abilities) {
    for (const title of ability.learning) {
      const entry = materials.get(title) ?? { title, abilities: [] };
      entry.abilities.push(ability.name);
      materials.set(title, entry);
    }
  }

  return {
    positions: related.map((p) => p.name),
    abilities,
    metCount: needed.length - abilities.length,
    knowledge: [...topics.values()].sort((a, b) => b.positions.length - a.positions.length),
    materials: [...materials.values()],
  };
}
