import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_EXAM_SETTINGS } from '@kaopei/shared/contracts/exam';
import type { AutoRuleRow } from './auto-api';
import { leadText, newRuleValues, ruleToValues, valuesToRuleInput } from './auto-rules';

const rule: AutoRuleRow = {
  id: 7,
  ruleId: 7,
  name: '月度安全',
  generation: {
    bankIds: [3],
    typeRules: [{ type: 1, count: 5, points: 2 }],
    difficulty: { mode: 'average', target: 6, tolerance: 1 },
    knowledgeRules: [{ knowledgeId: 9, minCount: 2 }],
    tagIds: [],
    excludeUsedWithinDays: 30,
    excludeQuestionIds: [],
    variants: 1,
    maxOverlap: 0,
  },
  examTemplate: {
    examName: '月度安全考试',
    description: null,
    durationMinutes: 45,
    windowMinutes: 600,
    passScore: 6,
    attemptsAllowed: 2,
    settings: {
      ...DEFAULT_EXAM_SETTINGS,
      showScore: 'immediately',
      showAnswers: 'never',
      shuffleQuestions: true,
      leaveLimit: 3,
      requireFullscreen: true,
      blockCopyPaste: true,
      webcamSnapshots: true,
      snapshotIntervalSeconds: 90,
    },
    departmentIds: [4],
    includeSubDepartments: false,
    notify: true,
  },
  recurrence: 'monthly',
  recurrenceLabel: '每月',
  firstStartAt: Date.parse('2026-12-31T09:00:00+08:00'),
  leadMinutes: 120,
  nextStartAt: null,
  nextRunAt: null,
  runs: 0,
  lastExam: null,
  lastError: null,
  enabled: true,
  createdAt: 0,
  updatedAt: 0,
};

describe('automatic-exam rule form', () => {
  it('round-trips a saved rule through the form values', () => {
    const values = ruleToValues(rule);
    expect(values.difficultyMode).toBe('average');
    expect(values.target).toBe(6);
    expect(values).toMatchObject({ leaveLimit: 3, blockCopyPaste: true, snapshotIntervalSeconds: 90 });
    const input = valuesToRuleInput(values);
    // The editor does not send the excluded questions (a rule has none; the server's default is none).
    const { excludeQuestionIds: _none, ...generation } = rule.generation;
    expect(input).toEqual({
      name: rule.name,
      generation,
      examTemplate: rule.examTemplate,
      recurrence: 'monthly',
      firstStartAt: rule.firstStartAt,
      leadMinutes: 120,
      enabled: true,
    });
  });

  it('a new rule is monthly, from tomorrow 09:00, without a fixed seed', () => {
    const now = dayjs('2026-11-23T15:20:00');
    const values = newRuleValues(now);
    expect(values.recurrence).toBe('monthly');
    expect(values.firstStartAt?.format('YYYY-MM-DD HH:mm')).toBe('2026-11-24 09:00');
    const input = valuesToRuleInput({ ...values, name: ' 规则 ', examName: ' 考试 ', bankIds: [1] });
    expect(input.name).toBe('规则');
    expect(input.examTemplate.examName).toBe('考试');
    expect(input.generation.seed).toBeUndefined();
    expect(input.examTemplate.settings).toEqual(DEFAULT_EXAM_SETTINGS);
  });

  it('sends the anti-cheating rules set in the drawer, and a cleared number as its default', () => {
    const values = {
      ...ruleToValues(rule),
      leaveLimit: 1,
      blockCopyPaste: false,
      webcamSnapshots: false,
      snapshotIntervalSeconds: null as unknown as number,
    };
    expect(valuesToRuleInput(values).examTemplate.settings).toEqual({
      ...rule.examTemplate.settings,
      leaveLimit: 1,
      blockCopyPaste: false,
      webcamSnapshots: false,
      snapshotIntervalSeconds: 60,
    });
  });

  it('describes the lead time', () => {
    expect(leadText(0)).toBe('开考时生成');
    expect(leadText(120)).toBe('提前 2 小时');
    expect(leadText(45)).toBe('提前 45 分钟');
  });
});
