import {
  MOVABLE_STAGES,
  RECRUIT_STAGE_LABELS,
  RECRUIT_STAGES,
  moveProblem,
  type RecruitStage,
} from '@kaopei/shared';

/** Pure rules of the recruitment pages (board moves, funnel, display of salary and scores). */

export const stageLabel = (stage: RecruitStage): string => RECRUIT_STAGE_LABELS[stage];

/** Where a card at `from` may go through 移动到… (入职 goes through 录用; a hire stays). */
export function moveTargets(from: RecruitStage): RecruitStage[] {
  return MOVABLE_STAGES.filter((to) => moveProblem(from, to) === null);
}

/** Why a card cannot be dropped on `to` (null: it can). */
export function dropProblem(from: RecruitStage, to: RecruitStage): string | null {
  return moveProblem(from, to);
}

/** The stages of a selection the table view may move together to `to`: any but those already there or hired. */
export function bulkMoveProblem(stages: RecruitStage[], to: RecruitStage): string | null {
  if (stages.length === 0) return '请先选择应聘者';
  const problems = stages.map((from) => moveProblem(from, to)).filter((p): p is string => p !== null);
  return problems[0] ?? null;
}

interface BoardShape<C> {
  columns: { stage: RecruitStage; total: number; cards: C[] }[];
}

/** The board after moving cards to `to` (shown at once, before the server's board is read again). */
export function boardAfterMove<
  C extends { applicationId: number; stage: RecruitStage },
  B extends BoardShape<C>,
>(board: B, ids: readonly number[], to: RecruitStage): B {
  const wanted = new Set(ids);
  const moved = board.columns.flatMap((col) => col.cards.filter((c) => wanted.has(c.applicationId)));
  const columns = board.columns.map((col) => {
    const leaving = col.cards.filter((c) => wanted.has(c.applicationId) && col.stage !== to).length;
    const kept = col.cards.filter((c) => !wanted.has(c.applicationId) || col.stage === to);
    if (col.stage !== to) return { ...col, cards: kept, total: col.total - leaving };
    const arriving = moved.filter((c) => c.stage !== to).map((c) => ({ ...c, stage: to }));
    return { ...col, cards: [...arriving, ...kept], total: col.total + arriving.length };
  });
  return { ...board, columns };
}

/** `part / total` as a percentage with one decimal ("—" when there is nobody). */
export function formatRate(part: number, total: number): string {
  if (total <= 0) return '—';
  const rate = Math.round((part / total) * 1000) / 10;
  return `${rate}%`;
}

/** The pipeline order without 淘汰: applied … hired. */
const FLOW: RecruitStage[] = RECRUIT_STAGES.filter((s) => s !== 'rejected');

/** Funnel of a job: how many reached each stage (at it now or further on), and the share of all applicants. */
export function funnelSteps(
  counts: Record<string, number>,
  total: number,
): { stage: RecruitStage; label: string; reached: number; rate: string }[] {
  return FLOW.map((stage, i) => {
    const reached = FLOW.slice(i).reduce((sum, s) => sum + (counts[s] ?? 0), 0);
    const all = i === 0 ? total : reached;
    return { stage, label: stageLabel(stage), reached: all, rate: formatRate(all, total) };
  });
}

/** Monthly salary range in yuan. */
export function salaryText(min: number | null, max: number | null): string {
  if (min === null && max === null) return '面议';
  if (min !== null && max !== null) return min === max ? `${min} 元/月` : `${min}–${max} 元/月`;
  return min !== null ? `${min} 元/月起` : `最高 ${max ?? 0} 元/月`;
}

/** The written test on a card: score/total, 待考 once sent, nothing before. */
export function testText(row: {
  testScore: number | null;
  testTotal: number | null;
  testSent: boolean;
}): string | null {
  if (row.testScore !== null)
    return `笔试 ${row.testScore}${row.testTotal !== null ? `/${row.testTotal}` : ''} 分`;
  return row.testSent ? '笔试待考' : null;
}

/** Tags typed as one line, split by commas or spaces, without repeats or empties. */
export function parseTags(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[,，、\s]+/)
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
}

/** Mean days to hire as the overview shows it. */
export function daysText(days: number | null): string {
  if (days === null) return '—';
  return `${Math.round(days * 10) / 10} 天`;
}

/** The entries of a card's 移动到… menu: 笔试 is disabled while the job has no paper. */
export function moveMenu(
  from: RecruitStage,
  hasPaper: boolean,
): { stage: RecruitStage; label: string; disabled: boolean }[] {
  return moveTargets(from).map((stage) => ({
    stage,
    label: stage === 'test' && !hasPaper ? `${stageLabel(stage)}（职位未设置笔试试卷）` : stageLabel(stage),
    disabled: stage === 'test' && !hasPaper,
  }));
}
