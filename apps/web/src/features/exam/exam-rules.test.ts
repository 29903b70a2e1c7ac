import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { DEFAULT_EXAM_SETTINGS } from '@kaopei/shared/contracts/exam';
import type { ExamRow, ExamineeRow, MarkingAnswer } from './api';
import {
  UNANSWERED,
  collectMarkingAttempts,
  examIdParam,
  examStateColor,
  examToValues,
  examineeStateColor,
  formatSeconds,
  hasAudience,
  keyText,
  markingProgress,
  newExamValues,
  startNowWindow,
  outcome,
  paperOfExaminee,
  plainText,
  responseText,
  timeProblem,
  valuesToInput,
} from './exam-rules';

function exam(overrides: Partial<ExamRow> = {}): ExamRow {
  return {
    id: 5,
    examId: 5,
    name: '安全考试',
    description: null,
    coverUrl: null,
    status: 0,
    state: 'draft',
    stateLabel: '未发布',
    startAt: dayjs('2024-05-01T09:00:00').valueOf(),
    endAt: dayjs('2024-05-01T11:00:00').valueOf(),
    durationMinutes: 90,
    durationText: '1小时30分钟',
    attemptsAllowed: 2,
    passScore: 60,
    lateEntryMinutes: 15,
    settings: {
      ...DEFAULT_EXAM_SETTINGS,
      showScore: 'immediately',
      showAnswers: 'never',
      shuffleQuestions: true,
      partialCredit: true,
      blindMarking: true,
    },
    audience: {
      mode: 'assigned',
      departmentIds: [3],
      includeSubDepartments: false,
      userIds: [7],
      tagIds: [],
      registrationFields: [],
    },
    notify: false,
    papers: [{ paperId: 11, name: 'A 卷', totalScore: 100, questionCount: 20 }],
    candidateCount: 0,
    startedCount: 0,
    submittedCount: 0,
    publishedAt: null,
    createdAt: 0,
    ...overrides,
  };
}

describe('editor values', () => {
  it('round-trips an exam through the form values to the same body', () => {
    const row = exam();
    const input = valuesToInput(examToValues(row));
    expect(input).toEqual({
      name: row.name,
      description: null,
      coverUrl: null,
      paperIds: [11],
      startAt: row.startAt,
      endAt: row.endAt,
      durationMinutes: 90,
      attemptsAllowed: 2,
      passScore: 60,
      lateEntryMinutes: 15,
      settings: row.settings,
      audience: row.audience,
      notify: false,
    });
  });

  it('keeps the anti-cheating settings an exam has when it is loaded into the form and saved', () => {
    // Set through the API (or an automatic-exam rule): the editor's save must not drop them.
    const settings = {
      ...exam().settings,
      leaveLimit: 3,
      requireFullscreen: true,
      blockCopyPaste: true,
      webcamSnapshots: true,
      snapshotIntervalSeconds: 120,
    };
    const input = valuesToInput(examToValues(exam({ settings })));
    expect(input.settings).toEqual(settings);
  });

  it('starts a new exam with no anti-cheating rules (the server defaults)', () => {
    expect(valuesToInput(newExamValues(dayjs('2024-05-01T09:20:00'))).settings).toMatchObject({
      leaveLimit: 0,
      requireFullscreen: false,
      blockCopyPaste: false,
      webcamSnapshots: false,
      snapshotIntervalSeconds: 60,
    });
  });

  it('sends an open link with its registration fields and no people, and trims text', () => {
    const values = {
      ...examToValues(exam()),
      name: '  开放考试 ',
      description: '   ',
      audienceMode: 'open' as const,
      registrationFields: [' 工号 ', '', '单位'],
      lateEntryMinutes: undefined,
    };
    const input = valuesToInput(values);
    expect(input.name).toBe('开放考试');
    expect(input.description).toBeNull();
    expect(input.lateEntryMinutes).toBeNull();
    expect(input.audience).toMatchObject({
      mode: 'open',
      departmentIds: [],
      userIds: [],
      tagIds: [],
      registrationFields: ['工号', '单位'],
    });
  });

  it('starts a new exam at the next full hour with the server defaults', () => {
    const values = newExamValues(dayjs('2024-05-01T09:20:00'));
    expect(values.window?.[0].format('YYYY-MM-DD HH:mm')).toBe('2024-05-01 10:00');
    expect(values).toMatchObject({
      durationMinutes: 60,
      attemptsAllowed: 1,
      passScore: null,
      showScore: 'after_marking',
      showAnswers: 'after_end',
      includeSubDepartments: true,
      notify: true,
    });
  });

  it('needs somebody to publish an assigned exam', () => {
    const none = { audienceMode: 'assigned' as const, departmentIds: [], userIds: [], tagIds: [] };
    expect(hasAudience(none)).toBe(false);
    expect(hasAudience({ ...none, tagIds: [1] })).toBe(true);
    expect(hasAudience({ ...none, audienceMode: 'open' })).toBe(true);
  });

  it('reports a window that ends first and a late entry longer than the window', () => {
    const start = dayjs('2024-05-01T09:00:00');
    expect(timeProblem({ window: null, durationMinutes: 60, lateEntryMinutes: null })).toBe('请选择考试时间');
    expect(timeProblem({ window: [start, start], durationMinutes: 60, lateEntryMinutes: null })).toBe(
      '结束时间必须晚于开始时间',
    );
    const hour: [dayjs.Dayjs, dayjs.Dayjs] = [start, start.add(1, 'hour')];
    expect(timeProblem({ window: hour, durationMinutes: 60, lateEntryMinutes: 61 })).toBe(
      '迟到限制不能超过考试时间段',
    );
    expect(timeProblem({ window: hour, durationMinutes: 60, lateEntryMinutes: 60 })).toBeNull();
  });
});

describe('answers against the key', () => {
  // The candidate saw the options shuffled: original 2 first, then 0, then 1.
  const options = [
    { key: 2, content: '4', correct: true },
    { key: 0, content: '2', correct: true },
    { key: 1, content: '3', correct: false },
  ];

  it('shows choices as letters in the order the candidate saw them', () => {
    expect(responseText({ type: 1, options, answer: 0 })).toBe('B');
    expect(responseText({ type: 2, options, answer: [0, 2] })).toBe('A,B');
    expect(keyText({ type: 2, options, key: null })).toBe('A,B');
    expect(
      keyText({ type: 1, options: options.map((o) => ({ ...o, correct: o.key === 1 })), key: null }),
    ).toBe('C');
  });

  it('shows true/false as 正确/错误 and other types as text', () => {
    expect(responseText({ type: 0, options: null, answer: true })).toBe('正确');
    expect(responseText({ type: 0, options: null, answer: false })).toBe('错误');
    expect(keyText({ type: 0, options: null, key: true })).toBe('正确');
    expect(responseText({ type: 3, options: null, answer: ['北京', ''] })).toBe('(1) 北京  (2) —');
    expect(keyText({ type: 3, options: null, key: { blanks: [{ answers: ['北京', '北京市'] }] } })).toBe(
      '北京/北京市',
    );
    expect(responseText({ type: 4, options: null, answer: '保障安全' })).toBe('保障安全');
    expect(keyText({ type: 4, options: null, key: { reference: '保障人身安全', scoringPoints: [] } })).toBe(
      '保障人身安全',
    );
    expect(responseText({ type: 5, options: null, answer: { language: 'python', code: 'print(1)' } })).toBe(
      '[python]\nprint(1)',
    );
  });

  it('says when nothing was answered', () => {
    expect(responseText({ type: 1, options, answer: null })).toBe(UNANSWERED);
    expect(responseText({ type: 2, options, answer: [] })).toBe(UNANSWERED);
    expect(responseText({ type: 3, options: null, answer: ['', ' '] })).toBe(UNANSWERED);
    expect(responseText({ type: 4, options: null, answer: '  ' })).toBe(UNANSWERED);
  });

  it('tells full, partial, no marks and waiting apart', () => {
    expect(outcome(10, 10).label).toBe('正确');
    expect(outcome(4, 10).label).toBe('部分得分');
    expect(outcome(0, 10).label).toBe('错误');
    expect(outcome(null, 10).label).toBe('待阅');
  });
});

describe('marking', () => {
  const answer = (
    attemptId: number,
    score: number | null,
    candidate = `考生 ${attemptId}`,
  ): MarkingAnswer => ({
    attemptId,
    candidate,
    questionId: 1,
    answer: 'x',
    score,
    points: 10,
    markComment: null,
    markedAt: null,
  });

  it('collects the attempts to mark, most pending first, named as the server names them', () => {
    const attempts = collectMarkingAttempts([
      answer(8, 5),
      answer(9, null),
      answer(9, null),
      answer(8, null),
    ]);
    expect(attempts).toEqual([
      { attemptId: 9, candidate: '考生 9', answers: 2, pending: 2 },
      { attemptId: 8, candidate: '考生 8', answers: 2, pending: 1 },
    ]);
  });

  it('orders attempts with as many pending answers by attempt, oldest first, whatever the answers arrive in', () => {
    const attempts = collectMarkingAttempts([
      answer(12, null),
      answer(5, null),
      answer(9, null),
      answer(7, 4),
    ]);
    expect(attempts.map((a) => a.attemptId)).toEqual([5, 9, 12, 7]);
  });

  it('measures progress over all answers to marked questions', () => {
    expect(markingProgress([])).toBe(100);
    expect(
      markingProgress([
        { answerCount: 3, pending: 1 },
        { answerCount: 1, pending: 1 },
      ]),
    ).toBe(50);
  });
});

describe('other rules', () => {
  const row: Pick<ExamineeRow, 'paperId' | 'designatedPaperId' | 'designatedPaperName' | 'latestAttemptId'> =
    {
      paperId: null,
      designatedPaperId: null,
      designatedPaperName: null,
      latestAttemptId: null,
    };
  const papers = [{ paperId: 11, name: 'A 卷', totalScore: 100, questionCount: 20 }];

  it('names the paper a candidate sat, or the one designated for them', () => {
    expect(paperOfExaminee({ ...row, latestAttemptId: 3, paperId: 11 }, papers)).toEqual({
      paperId: 11,
      name: 'A 卷',
      sat: true,
    });
    expect(paperOfExaminee({ ...row, designatedPaperId: 12, designatedPaperName: 'B 卷' }, papers)).toEqual({
      paperId: 12,
      name: 'B 卷',
      sat: false,
    });
    expect(paperOfExaminee(row, papers).paperId).toBeNull();
  });

  it('names the designated paper while a candidate has no sitting, and a paper by its id when unknown', () => {
    // An attempt without a paper (drawn by rules) does not count as having sat a paper.
    expect(paperOfExaminee({ ...row, latestAttemptId: 3, designatedPaperId: 11 }, papers)).toEqual({
      paperId: 11,
      name: 'A 卷',
      sat: false,
    });
    expect(paperOfExaminee({ ...row, paperId: 11 }, papers)).toEqual({
      paperId: null,
      name: '按考试试卷轮流发放',
      sat: false,
    });
    expect(
      paperOfExaminee(
        { ...row, latestAttemptId: 3, paperId: 13, designatedPaperId: 12, designatedPaperName: 'B 卷' },
        papers,
      ),
    ).toEqual({
      paperId: 13,
      name: '试卷 13',
      sat: true,
    });
  });

  it('formats time used from seconds in the exam time format', () => {
    expect(formatSeconds(95)).toBe('1分钟35秒');
    expect(formatSeconds(null)).toBe('-');
  });
});

describe('立即开始', () => {
  it('opens the window at the current minute and keeps its length', () => {
    const now = dayjs('2024-05-01T09:20:42.500');
    const current: [dayjs.Dayjs, dayjs.Dayjs] = [dayjs('2024-06-01T08:00:00'), dayjs('2024-06-01T10:30:00')];
    const [start, end] = startNowWindow(current, now);
    expect(start.format('YYYY-MM-DD HH:mm:ss.SSS')).toBe('2024-05-01 09:20:00.000');
    expect(end.format('YYYY-MM-DD HH:mm')).toBe('2024-05-01 11:50');
  });

  it('gives a day when no window was set', () => {
    const [start, end] = startNowWindow(null, dayjs('2024-05-01T09:20:00'));
    expect(end.diff(start, 'hour')).toBe(24);
  });
});

describe('the editor, the lists and the reader at their edges', () => {
  it('colours each state as its option says, and an unknown one as default', () => {
    expect(examStateColor('ongoing')).toBe('green');
    expect(examStateColor('ended')).toBe('orange');
    expect(examStateColor('unknown' as never)).toBe('default');
    expect(examineeStateColor('in_progress')).toBe('blue');
    expect(examineeStateColor('graded')).toBe('green');
    expect(examineeStateColor('unknown' as never)).toBe('default');
  });

  it('starts a new exam empty: no name, no papers, nobody assigned', () => {
    expect(newExamValues(dayjs('2024-05-01T09:20:00'))).toMatchObject({
      name: '',
      description: '',
      coverUrl: null,
      paperIds: [],
      audienceMode: 'assigned',
      departmentIds: [],
      userIds: [],
      tagIds: [],
      registrationFields: [],
    });
  });

  it('loads an exam without a window or a description as empty fields', () => {
    expect(examToValues(exam({ startAt: null, endAt: 5 })).window).toBeNull();
    expect(examToValues(exam({ startAt: 5, endAt: null })).window).toBeNull();
    expect(examToValues(exam({ description: '说明' })).description).toBe('说明');
    expect(examToValues(exam()).description).toBe('');
  });

  it('refuses to save without both ends of the window, and sends an empty cover as none', () => {
    const values = examToValues(exam());
    expect(() => valuesToInput({ ...values, window: null })).toThrow('请选择考试时间');
    expect(valuesToInput({ ...values, coverUrl: '' }).coverUrl).toBeNull();
    expect(valuesToInput({ ...values, coverUrl: '/files/c.png' }).coverUrl).toBe('/files/c.png');
  });

  it('keeps the tags of an assigned exam and sends lists left unset as empty', () => {
    const values = examToValues(exam());
    expect(valuesToInput({ ...values, tagIds: [4] }).audience.tagIds).toEqual([4]);
    const unset = { ...values, departmentIds: undefined, userIds: undefined, tagIds: undefined };
    expect(valuesToInput(unset as never).audience).toMatchObject({
      departmentIds: [],
      userIds: [],
      tagIds: [],
    });
  });

  it('counts departments, people and tags together as the audience', () => {
    const none = { audienceMode: 'assigned' as const, departmentIds: [], userIds: [], tagIds: [] };
    expect(hasAudience({ ...none, departmentIds: [1] })).toBe(true);
    expect(hasAudience({ ...none, userIds: [1] })).toBe(true);
    expect(hasAudience({ ...none, departmentIds: [1], userIds: [2] })).toBe(true);
    expect(
      hasAudience({
        audienceMode: 'assigned',
        departmentIds: undefined,
        userIds: undefined,
        tagIds: [],
      } as never),
    ).toBe(false);
  });

  it('shows an unknown time used as -', () => {
    expect(formatSeconds(undefined)).toBe('-');
    expect(formatSeconds(Number.NaN)).toBe('-');
    expect(formatSeconds(0)).toBe('0分钟');
  });

  it('reads blanks that are not text as empty, and an answer left undefined as unanswered', () => {
    expect(responseText({ type: 3, options: null, answer: [null, '北京'] })).toBe('(1) —  (2) 北京');
    expect(responseText({ type: 1, options: null, answer: undefined })).toBe(UNANSWERED);
    expect(keyText({ type: 5, options: null, key: null })).toBe('按测试用例评分（由阅卷人打分）');
  });

  it('colours each outcome', () => {
    expect(outcome(null, 10)).toEqual({ label: '待阅', color: 'orange' });
    expect(outcome(10, 10)).toEqual({ label: '正确', color: 'green' });
    expect(outcome(0, 10)).toEqual({ label: '错误', color: 'red' });
    expect(outcome(5, 10)).toEqual({ label: '部分得分', color: 'gold' });
  });

  it('takes a positive whole exam id from the address, and nothing else', () => {
    expect(examIdParam(new URLSearchParams('examId=5'))).toBe(5);
    for (const bad of ['examId=0', 'examId=-1', 'examId=1.5', 'examId=abc', ''])
      expect(examIdParam(new URLSearchParams(bad))).toBeUndefined();
  });

  it('reads the text of a stem without its markup', () => {
    expect(plainText('<p> 甲 <b>乙</b> </p>')).toBe('甲 乙');
    expect(plainText('')).toBe('');
  });
});
