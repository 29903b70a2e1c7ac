import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import type { PersonalReport } from '../api';
import { ReportView, masteryOption } from './report-view';

// The chart itself is ECharts on a canvas; its summary is what a reader gets.
vi.mock('./exam-chart', () => ({
  ExamChart: ({ summary }: { summary: string }) => <div role="img" aria-label={summary} />,
}));

function report(overrides: Partial<PersonalReport> = {}): PersonalReport {
  return {
    attemptId: 3,
    examId: 5,
    examName: '安全考试',
    realName: '张三',
    departmentName: '研发组',
    status: 2,
    statusLabel: '已评分',
    score: 18,
    totalPoints: 30,
    passScore: 18,
    passed: true,
    rank: 2,
    rankOf: 7,
    timeUsedSeconds: 600,
    submittedAt: 0,
    comment: '继续努力',
    sections: [{ name: '综合题', score: 18, points: 30 }],
    knowledge: [
      { knowledgeId: 1, name: '消防安全', score: 10, points: 10, mastery: 100 },
      { knowledgeId: 2, name: '用电安全', score: 0, points: 10, mastery: 0 },
    ],
    questions: [
      {
        name: '综合题',
        questions: [
          {
            questionId: 1,
            number: 1,
            type: 1,
            typeLabel: '单选题',
            stem: '<p>火警电话？</p>',
            // Shown shuffled: the right option (original 1) comes first.
            options: [
              { key: 1, content: '119', correct: true },
              { key: 0, content: '110', correct: false },
            ],
            answer: 0,
            key: null,
            analysis: '119 是火警',
            points: 10,
            score: 0,
            markComment: null,
          },
          {
            questionId: 2,
            number: 2,
            type: 0,
            typeLabel: '判断题',
            stem: '<p>必须戴安全帽</p>',
            options: null,
            answer: true,
            key: true,
            analysis: null,
            points: 10,
            score: 10,
            markComment: null,
          },
          {
            questionId: 3,
            number: 3,
            type: 4,
            typeLabel: '简答题',
            stem: '<p>简述意义</p>',
            options: null,
            answer: '保障安全',
            key: { reference: '保障人身安全', scoringPoints: [] },
            analysis: null,
            points: 10,
            score: 8,
            markComment: '要点基本齐全',
          },
        ],
      },
    ],
    ...overrides,
  };
}

describe('ReportView', () => {
  it('shows the score, rank, pass, sections, mastery and each answer against the key', () => {
    render(<ReportView report={report()} />);
    expect(screen.getByTestId('report-score')).toHaveTextContent('18.0 / 30.0');
    expect(screen.getByTestId('report-rank')).toHaveTextContent('第 2 名 / 共 7 人');
    expect(screen.getByText('及格')).toBeInTheDocument();
    expect(screen.getByText('10分钟')).toBeInTheDocument();
    expect(screen.getByText('继续努力')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '综合题 18.0/30.0 分' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '消防安全 100%，用电安全 0%' })).toBeInTheDocument();

    const single = within(screen.getByTestId('report-question-1'));
    expect(single.getByText('错误')).toBeInTheDocument();
    // The candidate chose the second option shown; the key is the first.
    expect(single.getByText('B')).toBeInTheDocument();
    expect(single.getByText('A')).toBeInTheDocument();
    expect(single.getByText('119 是火警')).toBeInTheDocument();

    const trueFalse = within(screen.getByTestId('report-question-2'));
    expect(trueFalse.getAllByText('正确')).toHaveLength(3);

    const short = within(screen.getByTestId('report-question-3'));
    expect(short.getByText('部分得分')).toBeInTheDocument();
    expect(short.getByText('保障人身安全')).toBeInTheDocument();
    expect(short.getByText('要点基本齐全')).toBeInTheDocument();
  });

  it('waits for marking before a rank and a pass', () => {
    render(<ReportView report={report({ status: 1, statusLabel: '待阅卷', passed: null, rank: null })} />);
    expect(screen.getByTestId('report-rank')).toHaveTextContent('阅卷后排名');
    expect(screen.getByText('待阅卷', { selector: '.ant-tag' })).toBeInTheDocument();
  });

  it('draws mastery as a radar from three points on', () => {
    const point = { score: 1, points: 2, mastery: 50 };
    expect(masteryOption([{ knowledgeId: 1, name: 'a', ...point }])).toHaveProperty('xAxis');
    expect(
      masteryOption([
        { knowledgeId: 1, name: 'a', ...point },
        { knowledgeId: 2, name: 'b', ...point },
        { knowledgeId: 3, name: 'c', ...point },
      ]),
    ).toHaveProperty('radar');
  });
});
