/** Display of the analysis figures (scores, rates and hours with one decimal). */

export function rateText(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : `${value.toFixed(1)}%`;
}

export function oneDecimalText(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : value.toFixed(1);
}

export function hoursText(value: number): string {
  return `${value.toFixed(1)} 小时`;
}

/** What each figure means (tooltips on cards and column headers). */
export const FIGURE_HELP = {
  staffCount: '范围内的在职员工人数（离职与删除的不计）。',
  examinees: '统计期内至少有一次已评分考试的人数。',
  participationRate: '参考人数 ÷ 人数。',
  graded: '统计期内交卷且已评分的考试次数（每次作答算一次）。',
  passed: '已评分考试中达到及格分的次数。',
  passRate: '通过次数 ÷ 考试次数，保留一位小数。',
  scoreRate: '每次考试的 得分 ÷ 总分 的平均值，保留一位小数；不同满分的考试可比。',
  hours: '统计期内完成课程的计划学时之和（课程学时 ÷ 60，小时），与学习目标的学时口径相同。',
  completions: '统计期内完成的课程门数。',
  tasksAssigned: '分配给这些人员的学习任务数（按当前状态，不限统计期）。',
  tasksCompleted: '其中已全部完成的任务数。',
  taskCompletionRate: '完成任务 ÷ 分配任务。',
  percentile: '该次成绩在本场考试全部已评分作答中的百分位（percent_rank：低于此分的作答数 ÷ (作答数 − 1)）。',
  place: '按分数从高到低的名次，同分同名次。',
  enrolled: '报名（被分配或自主报名）这门课程的人数。',
  started: '打开过课程或有学习进度的人数（含之后阶段的人）。',
  half: '完成小节达一半及以上（进度 ≥ 50%）或已完成的人数。',
  completed: '完成课程全部小节的人数。',
  completionRate: '已完成 ÷ 报名人数。',
  averageRating: '课程评价的平均星级（1–5），保留一位小数。',
  watchedHours: '学员实际观看视频的时长之和（小时）。',
  reached: '在该小节有学习记录的人数。',
  stoppedHere: '尚未完成课程、最后学习停留在该小节的人数：流失发生的位置。',
  averagePercentile: '此人各次考试百分位的平均值。',
} as const;
