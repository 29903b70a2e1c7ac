import { describe, expect, it } from 'vitest';
import type { RecruitStage } from '@kaopei/shared';
import {
  boardAfterMove,
  bulkMoveProblem,
  daysText,
  dropProblem,
  formatRate,
  funnelSteps,
  moveMenu,
  moveTargets,
  parseTags,
  salaryText,
  testText,
} from './recruitment-rules';

const card = (applicationId: number, stage: RecruitStage) => ({ applicationId, stage });
const board = () => ({
  job: { jobId: 1 },
  columns: [
    { stage: 'applied' as RecruitStage, total: 5, cards: [card(1, 'applied'), card(2, 'applied')] },
    { stage: 'test' as RecruitStage, total: 1, cards: [card(3, 'test')] },
  ],
});

describe('board moves', () => {
  it('offers every movable stage but the current one, and none once hired', () => {
    expect(moveTargets('applied')).toEqual(['screening', 'test', 'interview', 'offer', 'rejected']);
    expect(moveTargets('rejected')).toContain('applied');
    expect(moveTargets('hired')).toEqual([]);
  });

  it('disables 笔试 in the menu while the job has no paper', () => {
    expect(moveMenu('applied', false).find((m) => m.stage === 'test')).toMatchObject({ disabled: true });
    expect(moveMenu('applied', true).find((m) => m.stage === 'test')).toEqual({
      stage: 'test',
      label: '笔试',
      disabled: false,
    });
    expect(moveMenu('hired', true)).toEqual([]);
  });

  it('refuses drops on the same column, onto 入职 and out of 入职', () => {
    expect(dropProblem('test', 'test')).toBe('已在「笔试」阶段');
    expect(dropProblem('offer', 'hired')).toMatch(/录用/);
    expect(dropProblem('hired', 'rejected')).toMatch(/已入职/);
    expect(dropProblem('applied', 'test')).toBeNull();
  });

  it('checks a bulk move against every selected stage', () => {
    expect(bulkMoveProblem([], 'test')).toBe('请先选择应聘者');
    expect(bulkMoveProblem(['applied', 'test'], 'test')).toBe('已在「笔试」阶段');
    expect(bulkMoveProblem(['applied', 'screening'], 'test')).toBeNull();
  });

  it('moves cards between columns and keeps the totals', () => {
    const next = boardAfterMove(board(), [2], 'test');
    expect(next.columns[0]!.cards.map((c) => c.applicationId)).toEqual([1]);
    expect(next.columns[0]!.total).toBe(4);
    expect(next.columns[1]!.cards).toEqual([card(2, 'test'), card(3, 'test')]);
    expect(next.columns[1]!.total).toBe(2);
  });

  it('leaves a card already in the target column alone', () => {
    const next = boardAfterMove(board(), [3], 'test');
    expect(next.columns[1]!.total).toBe(1);
    expect(next.columns[1]!.cards).toHaveLength(1);
  });
});

describe('funnel and figures', () => {
  it('formats rates with one decimal and a dash for nobody', () => {
    expect(formatRate(1, 3)).toBe('33.3%');
    expect(formatRate(0, 0)).toBe('—');
    expect(formatRate(3, 3)).toBe('100%');
  });

  it('counts who reached each stage, rejected ones only in the total', () => {
    const steps = funnelSteps({ applied: 4, screening: 2, test: 1, offer: 1, hired: 1, rejected: 1 }, 10);
    expect(steps.map((s) => s.reached)).toEqual([10, 5, 3, 2, 2, 1]);
    expect(steps[1]).toMatchObject({ label: '筛选', rate: '50%' });
    expect(steps[5]).toMatchObject({ stage: 'hired', rate: '10%' });
  });

  it('writes salary ranges, scores, tags and days', () => {
    expect(salaryText(null, null)).toBe('面议');
    expect(salaryText(8000, 12000)).toBe('8000–12000 元/月');
    expect(salaryText(8000, null)).toBe('8000 元/月起');
    expect(salaryText(null, 9000)).toBe('最高 9000 元/月');
    expect(testText({ testScore: 86, testTotal: 100, testSent: true })).toBe('笔试 86/100 分');
    expect(testText({ testScore: null, testTotal: null, testSent: true })).toBe('笔试待考');
    expect(testText({ testScore: null, testTotal: null, testSent: false })).toBeNull();
    expect(parseTags('Java， 985 、Java  沟通好')).toEqual(['Java', '985', '沟通好']);
    expect(daysText(null)).toBe('—');
    expect(daysText(12.345)).toBe('12.3 天');
  });
});

describe('routes', () => {
  it('name the menu URLs the contract declares', async () => {
    const { RECRUIT_MENUS } = await import('@kaopei/shared/contracts/recruitment');
    const { recruitmentRoutes } = await import('./routes');
    const menus = new Set(recruitmentRoutes.map((r) => r.handle?.menuUrl));
    expect([...menus].sort()).toEqual(Object.values(RECRUIT_MENUS).sort());
  });
});
