import { ITEM_FLAG_LABELS, ITEM_FLAG_LIMITS, type ItemFlag } from '@kaopei/shared';

/** Pure display rules of the analysis pages (tested in analysis-rules.test.ts). */

/** A score with one decimal ('—' when unknown). */
export function score1(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : (Math.round(value * 10) / 10).toFixed(1);
}

/** A 0–1 share as a percentage with one decimal. */
export function percent(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : `${(Math.round(value * 1000) / 10).toFixed(1)}%`;
}

/** A coefficient (p, D, r, reliability) with two decimals. */
export function coef(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : (Math.round(value * 100) / 100).toFixed(2);
}

export function flagLabel(flag: string): string {
  return ITEM_FLAG_LABELS[flag as ItemFlag] ?? flag;
}

/** Red for what must be looked at, orange for what may. */
export function flagColor(flag: string): string {
  return flag === 'negative_discrimination' ? 'red' : 'orange';
}

/** The tooltips: what each figure means and how it is computed. */
export const TIPS = {
  n: '参与统计的考生数：每位考生取最高分的一次已评分答卷',
  mean: '平均分：所有考生得分之和除以人数',
  median: '中位数：把得分从低到高排列后位于中间的分数',
  sd: '标准差：得分离平均分的平均距离，越大说明成绩越分散',
  passRate: '及格率：得分不低于及格线的考生占比',
  minutes: '平均用时：从开始作答到交卷的分钟数的平均值',
  reliability:
    '信度：试卷测量结果的一致性。全部为对错计分时用 KR-20，否则用 Cronbach α；0.7 以上较好，只统计拿到全部试题的考生',
  sem: '测量标准误：标准差 × √(1 − 信度)，考生真实水平大约在得分 ± 1 个标准误之内',
  p: '难度（通过率 P）：平均得分除以该题分值，越接近 1 越容易',
  pUpper: '高分组得分率：总分最高的 27% 考生在该题的平均得分率',
  pLower: '低分组得分率：总分最低的 27% 考生在该题的平均得分率',
  discrimination: '区分度 D：高分组与低分组答对率之差，0.4 以上很好，0.2 以下需改进，负值说明高分者反而答错',
  pointBiserial: '点双列相关：该题得分与考生总分的相关系数，越高说明该题与整卷考查的能力越一致',
  corrected: '校正题总相关：该题得分与“去掉该题后的总分”的相关系数，避免该题自身抬高相关',
  blankRate: '空答率：没有作答的考生占比',
  meanSeconds: '平均用时：考生作答该题（距上一次作答）平均花费的秒数',
  flags: `需复核：区分度为负，或低于 ${ITEM_FLAG_LIMITS.lowDiscrimination}；难度 P 高于 ${ITEM_FLAG_LIMITS.tooEasy}（过易）或低于 ${ITEM_FLAG_LIMITS.tooHard}（过难）；有干扰项无人选择`,
  options: '选项分析：每个选项被多少考生选择，以及分别来自高分组（前 27%）、中间组和低分组（后 27%）',
  usage: '使用次数：使用过该题且有已评分考生的考试场数',
  groupCount: '人数：该分组参与统计的考生数',
} as const;

/** The histogram's band labels, '0.0–10.0' … */
export function bandLabels(bins: { from: number; to: number }[]): string[] {
  return bins.map((bin) => `${score1(bin.from)}–${score1(bin.to)}`);
}
