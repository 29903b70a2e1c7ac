import dayjs, { type Dayjs } from 'dayjs';
import {
  QuestionType,
  asCodeResponse,
  formatExamTime,
  keyDisplay,
  optionLetter,
  questionKinds,
  responseDisplay,
} from '@kaopei/shared';
import { DEFAULT_EXAM_SETTINGS, examSettingsSchema } from '@kaopei/shared/contracts/exam';
import type {
  Audience,
  ExamInput,
  ExamPaperRef,
  ExamRow,
  ExamSettings,
  ExamState,
  ExamineeRow,
  ExamineeState,
  MarkingAnswer,
  ReleaseWhen,
  ReportOption,
} from './api';

/** Pure rules of the exam pages (kept apart from the components so they are unit-tested). */

export const EXAM_STATE_OPTIONS: { value: ExamState; label: string; color: string }[] = [
  { value: 'draft', label: '未发布', color: 'default' },
  { value: 'upcoming', label: '未开始', color: 'blue' },
  { value: 'ongoing', label: '进行中', color: 'green' },
  { value: 'ended', label: '已结束', color: 'orange' },
];

export function examStateColor(state: ExamState): string {
  return EXAM_STATE_OPTIONS.find((option) => option.value === state)?.color ?? 'default';
}

export const EXAMINEE_STATE_OPTIONS: { value: ExamineeState; label: string; color: string }[] = [
  { value: 'not_started', label: '未开始', color: 'default' },
  { value: 'in_progress', label: '答题中', color: 'blue' },
  { value: 'submitted', label: '待阅卷', color: 'orange' },
  { value: 'graded', label: '已评分', color: 'green' },
];

export function examineeStateColor(state: ExamineeState): string {
  return EXAMINEE_STATE_OPTIONS.find((option) => option.value === state)?.color ?? 'default';
}

export const RELEASE_OPTIONS: { value: ReleaseWhen; label: string }[] = [
  { value: 'immediately', label: '交卷后立即公布' },
  { value: 'after_marking', label: '阅卷完成后公布' },
  { value: 'after_end', label: '考试结束后公布' },
  { value: 'never', label: '不公布' },
];

/** Every setting's default (the server's). */
export const DEFAULT_SETTINGS: ExamSettings = DEFAULT_EXAM_SETTINGS;

/** Every setting the server knows, from the contract: the editor carries each of them through. */
export const SETTING_KEYS = Object.keys(examSettingsSchema.shape) as (keyof ExamSettings)[];

/**
 * The settings among form values: every key of the contract, a missing or cleared one (an emptied
 * number box gives null) taking its default. Settings the form shows no field for keep the value the
 * exam was loaded with.
 */
export function settingsFromValues(values: Partial<Record<keyof ExamSettings, unknown>>): ExamSettings {
  const settings: Record<string, unknown> = {};
  for (const key of SETTING_KEYS) settings[key] = values[key] ?? DEFAULT_SETTINGS[key];
  return settings as ExamSettings;
}

/** Question types a marker looks at (the server's marking overview lists these). */
export const MARKED_TYPES: readonly number[] = questionKinds
  .filter((kind) => kind.marked)
  .map((kind) => kind.type);

/** The editor's form values; the time window is one RangePicker value. */
export interface ExamFormValues extends ExamSettings {
  name: string;
  description?: string | null;
  coverUrl?: string | null;
  paperIds: number[];
  window: [Dayjs, Dayjs] | null;
  durationMinutes: number;
  attemptsAllowed: number;
  /** Null until papers are chosen: then 60 % of the smallest paper total unless typed. */
  passScore: number | null;
  lateEntryMinutes?: number | null;
  audienceMode: Audience['mode'];
  departmentIds: number[];
  includeSubDepartments: boolean;
  userIds: number[];
  tagIds: number[];
  registrationFields: string[];
  notify: boolean;
}

/**
 * "立即开始": the window opens at the current minute and keeps its length (a day when none was set), so
 * an administrator need not type today's date and time into the picker.
 */
export function startNowWindow(current: ExamFormValues['window'], now: Dayjs = dayjs()): [Dayjs, Dayjs] {
  const start = now.second(0).millisecond(0);
  const length = current ? Math.max(current[1].diff(current[0], 'minute'), 1) : 24 * 60;
  return [start, start.add(length, 'minute')];
}

/** Values of a new exam: starts at the next full hour, for a day, 60 minutes; the pass mark follows the papers. */
export function newExamValues(now: Dayjs = dayjs()): ExamFormValues {
  const start = now.add(1, 'hour').startOf('hour');
  return {
    name: '',
    description: '',
    coverUrl: null,
    paperIds: [],
    window: [start, start.add(1, 'day')],
    durationMinutes: 60,
    attemptsAllowed: 1,
    passScore: null,
    lateEntryMinutes: null,
    ...DEFAULT_SETTINGS,
    audienceMode: 'assigned',
    departmentIds: [],
    includeSubDepartments: true,
    userIds: [],
    tagIds: [],
    registrationFields: [],
    notify: true,
  };
}

export function examToValues(exam: ExamRow): ExamFormValues {
  return {
    name: exam.name,
    description: exam.description ?? '',
    coverUrl: exam.coverUrl,
    paperIds: exam.papers.map((paper) => paper.paperId),
    window: exam.startAt !== null && exam.endAt !== null ? [dayjs(exam.startAt), dayjs(exam.endAt)] : null,
    durationMinutes: exam.durationMinutes,
    attemptsAllowed: exam.attemptsAllowed,
    passScore: exam.passScore,
    lateEntryMinutes: exam.lateEntryMinutes,
    ...DEFAULT_SETTINGS,
    ...exam.settings,
    audienceMode: exam.audience.mode,
    departmentIds: exam.audience.departmentIds,
    includeSubDepartments: exam.audience.includeSubDepartments,
    userIds: exam.audience.userIds,
    tagIds: exam.audience.tagIds,
    registrationFields: exam.audience.registrationFields,
    notify: exam.notify,
  };
}

/**
 * The add/modify body from the form, every field filled (the whole exam is saved, so a setting left
 * out would fall back to its default); an open link names nobody, so its lists are sent empty.
 */
export function valuesToInput(values: ExamFormValues): ExamInput {
  const [start, end] = values.window ?? [];
  if (!start || !end) throw new Error('请选择考试时间');
  const open = values.audienceMode === 'open';
  return {
    name: values.name.trim(),
    description: values.description?.trim() || null,
    coverUrl: values.coverUrl || null,
    paperIds: values.paperIds,
    startAt: start.second(0).millisecond(0).valueOf(),
    endAt: end.second(0).millisecond(0).valueOf(),
    durationMinutes: values.durationMinutes,
    attemptsAllowed: values.attemptsAllowed,
    passScore: values.passScore ?? undefined,
    lateEntryMinutes: values.lateEntryMinutes ?? null,
    settings: settingsFromValues(values),
    audience: {
      mode: values.audienceMode,
      departmentIds: open ? [] : (values.departmentIds ?? []),
      includeSubDepartments: values.includeSubDepartments,
      userIds: open ? [] : (values.userIds ?? []),
      tagIds: open ? [] : (values.tagIds ?? []),
      registrationFields: open ? (values.registrationFields ?? []).map((f) => f.trim()).filter(Boolean) : [],
    },
    notify: values.notify,
  };
}

/** Whether the audience names anybody (publishing an assigned exam needs candidates). */
export function hasAudience(
  values: Pick<ExamFormValues, 'audienceMode' | 'departmentIds' | 'userIds' | 'tagIds'>,
) {
  return (
    values.audienceMode === 'open' ||
    (values.departmentIds?.length ?? 0) + (values.userIds?.length ?? 0) + (values.tagIds?.length ?? 0) > 0
  );
}

/** Why the time settings do not fit together, or null. */
export function timeProblem(values: Pick<ExamFormValues, 'window' | 'durationMinutes' | 'lateEntryMinutes'>) {
  const [start, end] = values.window ?? [];
  if (!start || !end) return '请选择考试时间';
  if (!end.isAfter(start)) return '结束时间必须晚于开始时间';
  const windowMinutes = end.diff(start, 'minute');
  if (values.lateEntryMinutes !== null && values.lateEntryMinutes !== undefined) {
    if (values.lateEntryMinutes > windowMinutes) return '迟到限制不能超过考试时间段';
  }
  return null;
}

/** Time used, from seconds, in the spec's exam time format ('-' when unknown). */
export function formatSeconds(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '-';
  return formatExamTime(seconds / 60);
}

function letterOfKey(options: readonly ReportOption[], key: unknown): string | null {
  const index = options.findIndex((option) => option.key === key);
  return index < 0 ? null : optionLetter(index);
}

function isBlankAnswer(answer: unknown): boolean {
  if (answer === null || answer === undefined) return true;
  if (typeof answer === 'string') return answer.trim() === '';
  if (Array.isArray(answer)) return answer.every((item) => isBlankAnswer(item));
  return false;
}

export const UNANSWERED = '未作答';

/**
 * A candidate's response as shown to a reader: 正确/错误 and the letters of the chosen options in the order
 * the candidate saw them (from A), as the question kinds show them; the blanks numbered; the code with
 * its language.
 */
export function responseText(question: {
  type: number;
  options: readonly ReportOption[] | null;
  answer: unknown;
}): string {
  const { type, answer, options } = question;
  if (isBlankAnswer(answer)) return UNANSWERED;
  if (type === QuestionType.FILL)
    return (Array.isArray(answer) ? answer : [answer])
      .map((blank, index) => `(${index + 1}) ${typeof blank === 'string' && blank.trim() ? blank : '—'}`)
      .join('  ');
  if (type === QuestionType.CODE) {
    const code = asCodeResponse(answer);
    return code ? `[${code.language}]\n${code.code}` : JSON.stringify(answer);
  }
  const text = responseDisplay({ type }, answer, { letterOf: (key) => letterOfKey(options ?? [], key) });
  return text || UNANSWERED;
}

/** The key as shown to a reader: letters of the correct options as displayed, 正确/错误, or the key text. */
export function keyText(question: {
  type: number;
  options: readonly ReportOption[] | null;
  key: unknown;
}): string {
  if (question.type === QuestionType.CODE) return '按测试用例评分（由阅卷人打分）';
  return keyDisplay(question.type, { options: question.options, answer: question.key }) || '-';
}

/** How an answer fared: full marks, none, part, or waiting for a marker. */
export function outcome(score: number | null, points: number): { label: string; color: string } {
  if (score === null) return { label: '待阅', color: 'orange' };
  if (score >= points) return { label: '正确', color: 'green' };
  if (score <= 0) return { label: '错误', color: 'red' };
  return { label: '部分得分', color: 'gold' };
}

export interface MarkingAttempt {
  attemptId: number;
  candidate: string;
  /** Answers to marked question types in this attempt. */
  answers: number;
  pending: number;
}

/**
 * The attempts to mark, from the answers to every marked question (check/answers). Using those keeps the
 * exam's blind marking: the candidate is named as the server names them there.
 */
export function collectMarkingAttempts(answers: readonly MarkingAnswer[]): MarkingAttempt[] {
  const byId = new Map<number, MarkingAttempt>();
  for (const answer of answers) {
    const entry = byId.get(answer.attemptId) ?? {
      attemptId: answer.attemptId,
      candidate: answer.candidate,
      answers: 0,
      pending: 0,
    };
    entry.answers += 1;
    if (answer.score === null) entry.pending += 1;
    byId.set(answer.attemptId, entry);
  }
  return [...byId.values()].sort((a, b) => b.pending - a.pending || a.attemptId - b.attemptId);
}

/** Percent of marked answers (100 when nothing waits). */
export function markingProgress(questions: readonly { answerCount: number; pending: number }[]): number {
  const total = questions.reduce((sum, q) => sum + q.answerCount, 0);
  if (total === 0) return 100;
  const pending = questions.reduce((sum, q) => sum + q.pending, 0);
  return Math.round(((total - pending) / total) * 100);
}

/** The paper a candidate sat (their latest attempt's), or the one designated for them. */
export function paperOfExaminee(
  row: Pick<ExamineeRow, 'paperId' | 'designatedPaperId' | 'designatedPaperName' | 'latestAttemptId'>,
  papers: readonly ExamPaperRef[],
): { paperId: number | null; name: string; sat: boolean } {
  const sat = row.latestAttemptId !== null && row.paperId !== null;
  const paperId = sat ? row.paperId : row.designatedPaperId;
  if (paperId === null) return { paperId: null, name: '按考试试卷轮流发放', sat: false };
  const name =
    papers.find((paper) => paper.paperId === paperId)?.name ??
    (paperId === row.designatedPaperId ? row.designatedPaperName : null) ??
    `试卷 ${paperId}`;
  return { paperId, name, sat };
}

/** The exam id in a page's search parameters, or undefined. */
export function examIdParam(params: URLSearchParams): number | undefined {
  const id = Number(params.get('examId'));
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** The text of a (sanitised) HTML stem, for one-line lists. */
export function plainText(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent?.trim() ?? '';
}
