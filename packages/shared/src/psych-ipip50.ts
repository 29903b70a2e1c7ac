import type { LevelBand, ScaleDefinition, ScaleDimension } from './psych';

/**
 * IPIP 50-item Big-Five Factor Markers (Goldberg, 1992; International Personality Item Pool,
 * https://ipip.ori.org/newBigFive5broadKey.htm), public domain, in a Chinese translation written for
 * Kaopei. Published scoring: 5-point accuracy ratings, "−" keyed items reversed (6 − answer), each
 * factor the sum of its ten items (10–50). IPIP publishes no norms for this form: the level bands
 * (10–22 偏低, 23–37 中等, 38–50 偏高) are Kaopei's convention, see docs/decisions.md.
 */
export const IPIP50_NAME = 'IPIP 大五人格因子标记量表（50 题）';
export const IPIP50_SOURCE =
  'Goldberg, L. R. (1992). The development of markers for the Big-Five factor structure. Psychological Assessment, 4, 26–42. 题目来自 International Personality Item Pool（ipip.ori.org，公有领域），中文为考培自译。';
export const IPIP50_INSTRUCTIONS =
  '下面是一些描述人们行为的句子。请根据您现在的一般情况（而不是希望成为的样子）判断每句话在多大程度上符合您，并选择最贴切的选项。答案没有对错之分。';

const bands = (low: string, mid: string, high: string): LevelBand[] => [
  { min: 10, max: 22, label: '偏低', interpretation: low },
  { min: 23, max: 37, label: '中等', interpretation: mid },
  { min: 38, max: 50, label: '偏高', interpretation: high },
];

const dimension = (key: string, name: string, description: string, levels: LevelBand[]): ScaleDimension => ({
  key,
  name,
  method: 'sum',
  description,
  norm: null,
  levels,
});

const DIMENSIONS: ScaleDimension[] = [
  dimension(
    'E',
    '外向性',
    '在人际交往中寻求刺激与关注、表现活跃的程度。',
    bands(
      '偏安静内敛，更喜欢独处或小范围交流，在陌生场合较少主动发言。适合需要专注与独立思考的工作。',
      '在社交与独处之间较为平衡，能根据场合调整自己的表现。',
      '热情健谈，喜欢与人交往并乐于成为关注的焦点，在需要沟通和带动气氛的场合表现突出。',
    ),
  ),
  dimension(
    'A',
    '宜人性',
    '对他人的关心、体谅与合作的倾向。',
    bands(
      '更看重自身观点与目标，表达直接，可能给人不够体贴的印象；在需要坚持原则的场合有优势。',
      '能兼顾自身与他人的需要，在合作与坚持之间较为平衡。',
      '富有同理心，关心他人、乐于助人，容易与人建立信任与合作关系。',
    ),
  ),
  dimension(
    'C',
    '尽责性',
    '做事有条理、有计划、认真负责的程度。',
    bands(
      '做事较为随性灵活，不太拘泥于计划与细节，需要注意按时完成任务与整理工作环境。',
      '多数情况下能按计划做事，在灵活与严谨之间较为平衡。',
      '做事有条理、注重细节、认真可靠，能按计划完成任务。',
    ),
  ),
  dimension(
    'S',
    '情绪稳定性',
    '面对压力与挫折时保持情绪平稳的程度（分数越高越稳定）。',
    bands(
      '情绪较易波动，面对压力时容易紧张、担忧或烦躁，建议学习压力管理方法，必要时寻求支持。',
      '情绪总体平稳，在较大压力下偶有波动。',
      '情绪平稳放松，面对压力与挫折时能保持冷静。',
    ),
  ),
  dimension(
    'O',
    '智力/想象力',
    '对新想法、抽象概念和想象的开放程度（又称开放性）。',
    bands(
      '更偏好具体、务实的事物，对抽象讨论兴趣不大，适合规则明确的工作。',
      '对新想法保持一定兴趣，同时重视实际可行性。',
      '想象力丰富、思维活跃，喜欢思考抽象问题并提出新点子。',
    ),
  ),
];

/** [item number, dimension key, reverse-keyed, stem] in the published order. */
const ITEMS: [number, string, boolean, string][] = [
  [1, 'E', false, '是聚会中的活跃人物。'],
  [2, 'A', true, '很少关心他人。'],
  [3, 'C', false, '总是做好准备。'],
  [4, 'S', true, '容易感到压力。'],
  [5, 'O', false, '词汇丰富。'],
  [6, 'E', true, '话不多。'],
  [7, 'A', false, '对他人感兴趣。'],
  [8, 'C', true, '随手乱放自己的东西。'],
  [9, 'S', false, '大多数时候很放松。'],
  [10, 'O', true, '难以理解抽象的概念。'],
  [11, 'E', false, '和别人在一起时感到自在。'],
  [12, 'A', true, '会出言冒犯别人。'],
  [13, 'C', false, '注意细节。'],
  [14, 'S', true, '常为各种事情担心。'],
  [15, 'O', false, '想象力丰富。'],
  [16, 'E', true, '喜欢待在不起眼的地方。'],
  [17, 'A', false, '能体谅别人的感受。'],
  [18, 'C', true, '常把事情弄得一团糟。'],
  [19, 'S', false, '很少感到忧郁。'],
  [20, 'O', true, '对抽象的想法不感兴趣。'],
  [21, 'E', false, '会主动与人攀谈。'],
  [22, 'A', true, '对别人的难处不感兴趣。'],
  [23, 'C', false, '会马上把手头的杂事做完。'],
  [24, 'S', true, '容易心烦意乱。'],
  [25, 'O', false, '常有很好的点子。'],
  [26, 'E', true, '没什么话可说。'],
  [27, 'A', false, '心肠软。'],
  [28, 'C', true, '常忘记把东西放回原处。'],
  [29, 'S', true, '容易生气难过。'],
  [30, 'O', true, '想象力不太好。'],
  [31, 'E', false, '在聚会上会和很多不同的人交谈。'],
  [32, 'A', true, '其实对别人不太感兴趣。'],
  [33, 'C', false, '喜欢井然有序。'],
  [34, 'S', true, '情绪变化多。'],
  [35, 'O', false, '理解事物很快。'],
  [36, 'E', true, '不喜欢引人注目。'],
  [37, 'A', false, '愿意抽时间帮助别人。'],
  [38, 'C', true, '逃避自己的责任。'],
  [39, 'S', true, '情绪起伏频繁。'],
  [40, 'O', false, '使用难词。'],
  [41, 'E', false, '不介意成为众人关注的焦点。'],
  [42, 'A', false, '能感受到别人的情绪。'],
  [43, 'C', false, '按计划行事。'],
  [44, 'S', true, '容易被激怒。'],
  [45, 'O', false, '花时间反思事情。'],
  [46, 'E', true, '在陌生人面前很安静。'],
  [47, 'A', false, '让人感到轻松自在。'],
  [48, 'C', false, '对工作要求严格。'],
  [49, 'S', true, '经常感到忧郁。'],
  [50, 'O', false, '充满各种想法。'],
];

export const IPIP50_DEFINITION: ScaleDefinition = {
  points: 5,
  optionLabels: ['非常不符合', '比较不符合', '不确定', '比较符合', '非常符合'],
  dimensions: DIMENSIONS,
  items: ITEMS.map(([no, key, reverse, stem]) => ({ no, stem: `我${stem}`, dimension: key, reverse })),
};
