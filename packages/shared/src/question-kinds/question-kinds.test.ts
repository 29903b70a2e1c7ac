import { describe, expect, it } from 'vitest';
import { QUESTION_TYPES, QuestionType } from '../enums';
import {
  gradeResponse,
  isUnanswered,
  keyDisplay,
  kindByLabel,
  kindOf,
  kindOfType,
  parseQuestionKey,
  questionKinds,
  questionTypeLabel,
  responseDisplay,
  responseSchema,
  revealedKey,
  revealedKeySchema,
  storedAnswerSchema,
  type StoredKey,
} from './index';

const options = (...correct: boolean[]) =>
  correct.map((flag, index) => ({ content: `选项${index + 1}`, correct: flag }));

const fillKey = { blanks: [{ answers: ['北京', 'Beijing'] }, { answers: ['上海'] }], caseSensitive: false };
const shortKey = { reference: '保障安全', scoringPoints: [{ content: '人员安全', points: 5 }] };
const codeKey = {
  languages: ['java', 'python'],
  templates: { java: 'class Main {}' },
  testCases: [
    { input: '1 2', output: '3', sample: true },
    { input: '2 3', output: '5', sample: false },
  ],
  timeLimit: 1000,
  memoryLimit: 256,
};

/** A valid key (options, answer as edited) and a valid response per kind. */
const SAMPLES: Record<QuestionType, { options?: unknown; answer?: unknown; response: unknown }> = {
  [QuestionType.TRUE_FALSE]: { answer: '正确', response: true },
  [QuestionType.SINGLE]: { options: options(false, true, false), response: 1 },
  [QuestionType.MULTIPLE]: { options: options(true, false, true), response: [0, 2] },
  [QuestionType.FILL]: { answer: fillKey, response: ['beijing', '上海'] },
  [QuestionType.SHORT]: { answer: shortKey, response: '要保障人员安全' },
  [QuestionType.CODE]: { answer: codeKey, response: { language: 'java', code: 'class Main {}' } },
};

function storedKey(type: QuestionType): StoredKey {
  const sample = SAMPLES[type];
  const result = parseQuestionKey(type, sample.options, sample.answer);
  if (!result.ok) throw new Error(result.problem.message);
  return result.key;
}

describe('the registry', () => {
  it('has one kind per question type, in order, with labels and short labels', () => {
    expect(questionKinds.map((kind) => kind.type)).toEqual([...QUESTION_TYPES]);
    expect(questionKinds.map((kind) => kind.label)).toEqual([
      '判断题',
      '单选题',
      '多选题',
      '填空题',
      '简答题',
      '编程题',
    ]);
    expect(questionKinds.map((kind) => kind.shortLabel)).toEqual([
      '判断',
      '单选',
      '多选',
      '填空',
      '简答',
      '编程',
    ]);
    expect(questionKinds.filter((kind) => kind.hasOptions).map((kind) => kind.type)).toEqual([1, 2]);
    expect(questionKinds.filter((kind) => kind.marked).map((kind) => kind.type)).toEqual([3, 4, 5]);
  });

  it('finds kinds by type and label, and knows nothing of other numbers', () => {
    expect(kindOf(3)?.label).toBe('填空题');
    expect(kindOf(6)).toBeUndefined();
    expect(kindByLabel('编程题')?.type).toBe(QuestionType.CODE);
    expect(kindByLabel('量表题')).toBeUndefined();
    expect(questionTypeLabel(9)).toBe('默认大题');
    expect(() => kindOfType(7 as QuestionType)).toThrow(RangeError);
  });
});

describe('keys', () => {
  it.each(QUESTION_TYPES)('accepts a valid key of type %i and stores it in the checked shape', (type) => {
    const key = storedKey(type);
    expect(key.options === null).toBe(!kindOfType(type).hasOptions);
    expect(storedAnswerSchema.safeParse(key.answer).success).toBe(true);
  });

  it('normalises true/false words and stores choice keys in the options', () => {
    expect(parseQuestionKey(QuestionType.TRUE_FALSE, null, '错')).toEqual({
      ok: true,
      key: { options: null, answer: false },
    });
    expect(storedKey(QuestionType.SINGLE)).toEqual({ options: options(false, true, false), answer: null });
  });

  it.each([
    [QuestionType.TRUE_FALSE, null, 'yes', 'answer', '判断题答案必须是 true/false（或 正确/错误）'],
    [
      QuestionType.SINGLE,
      options(true, true),
      null,
      'options',
      '单选题必须有且只有一个正确选项（当前 2 个）',
    ],
    [QuestionType.SINGLE, options(true), null, 'options', '选项至少需要 2 个'],
    [QuestionType.MULTIPLE, options(true, false), null, 'options', '多选题至少需要两个正确选项（当前 1 个）'],
    [
      QuestionType.MULTIPLE,
      [{ content: ' ', correct: true }, ...options(true)],
      null,
      'options.0.content',
      '选项内容 不能为空',
    ],
    [QuestionType.FILL, null, { blanks: [] }, 'answer.blanks', '填空题至少需要一个空'],
    [QuestionType.FILL, null, 'x', 'answer', '填空题的答案必须给出每个空的可接受答案'],
    [
      QuestionType.SHORT,
      null,
      { reference: '' },
      'answer.reference',
      'answer.reference（参考答案） 不能为空',
    ],
    [QuestionType.CODE, null, { ...codeKey, languages: ['cobol'] }, 'answer.languages.0', '编程语言只能是'],
    [
      QuestionType.CODE,
      null,
      { ...codeKey, languages: ['python'] },
      'answer.templates',
      'java 不在所选语言中',
    ],
    [QuestionType.CODE, null, { ...codeKey, timeLimit: 99 }, 'answer.timeLimit', '至少 100 毫秒'],
  ])('refuses a bad key of type %i, naming the field', (type, keyOptions, answer, field, message) => {
    const result = parseQuestionKey(type as QuestionType, keyOptions, answer);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problem.field).toBe(field);
    expect(result.problem.message).toContain(message);
  });
});

describe('responses', () => {
  it.each(QUESTION_TYPES)('accepts the response of type %i through its kind and the save union', (type) => {
    expect(kindOfType(type).responseSchema.safeParse(SAMPLES[type].response).success).toBe(true);
    expect(responseSchema.safeParse(SAMPLES[type].response).success).toBe(true);
  });

  it('accepts a cleared answer (null) and refuses shapes no kind answers, in Chinese', () => {
    expect(responseSchema.safeParse(null).success).toBe(true);
    for (const bad of [{ code: 1 }, [{}], [true], { language: 'java' }, undefined]) {
      const result = responseSchema.safeParse(bad);
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(
        '答案应为 true/false、选项、文本、文本数组或 {language, code}',
      );
    }
  });

  it('refuses the wrong shape per kind', () => {
    expect(kindOfType(QuestionType.TRUE_FALSE).responseSchema.safeParse('正确').success).toBe(false);
    expect(kindOfType(QuestionType.SINGLE).responseSchema.safeParse([1]).success).toBe(false);
    expect(kindOfType(QuestionType.MULTIPLE).responseSchema.safeParse(1).success).toBe(false);
    expect(kindOfType(QuestionType.FILL).responseSchema.safeParse([1]).success).toBe(false);
    expect(kindOfType(QuestionType.SHORT).responseSchema.safeParse(['a']).success).toBe(false);
    expect(kindOfType(QuestionType.CODE).responseSchema.safeParse('code').success).toBe(false);
  });

  it('knows an unanswered response per kind', () => {
    for (const type of QUESTION_TYPES) {
      expect(isUnanswered(type, null)).toBe(true);
      expect(isUnanswered(type, SAMPLES[type].response)).toBe(false);
    }
    expect(isUnanswered(QuestionType.TRUE_FALSE, false)).toBe(false);
    expect(isUnanswered(QuestionType.SINGLE, 0)).toBe(false);
    expect(isUnanswered(QuestionType.MULTIPLE, [])).toBe(true);
    expect(isUnanswered(QuestionType.FILL, ['', '  '])).toBe(true);
    expect(isUnanswered(QuestionType.FILL, ['', 'x'])).toBe(false);
    expect(isUnanswered(QuestionType.SHORT, ' \n')).toBe(true);
    expect(isUnanswered(QuestionType.CODE, { language: 'java', code: '  ' })).toBe(true);
    expect(isUnanswered(9, '')).toBe(true);
  });
});

describe('grading', () => {
  const question = (type: QuestionType) => ({ type, ...storedKey(type) });

  it('grades every kind: objective ones right or wrong, marked ones left to a marker', () => {
    expect(gradeResponse(question(QuestionType.TRUE_FALSE), true, 5)).toEqual({ score: 5, correct: true });
    expect(gradeResponse(question(QuestionType.TRUE_FALSE), false, 5)).toEqual({ score: 0, correct: false });
    expect(gradeResponse(question(QuestionType.SINGLE), 1, 5)).toEqual({ score: 5, correct: true });
    expect(gradeResponse(question(QuestionType.SINGLE), 2, 5)).toEqual({ score: 0, correct: false });
    expect(gradeResponse(question(QuestionType.FILL), ['beijing', ' 上海 '], 5)).toEqual({
      score: 5,
      correct: true,
    });
    expect(gradeResponse(question(QuestionType.SHORT), '文本', 5)).toEqual({ score: null, correct: null });
    expect(gradeResponse(question(QuestionType.CODE), SAMPLES[5].response, 5)).toEqual({
      score: null,
      correct: null,
    });
    expect(gradeResponse({ type: 9, options: null, answer: null }, 'x', 5)).toEqual({
      score: null,
      correct: null,
    });
    expect(gradeResponse(question(QuestionType.SHORT), '', 5)).toEqual({ score: 0, correct: false });
  });

  it('gives multiple choice its partial credit only for a subset without a wrong option', () => {
    const q = {
      type: QuestionType.MULTIPLE,
      options: options(true, false, true, true).map(({ correct }) => ({ correct })),
      answer: null,
    };
    expect(gradeResponse(q, [0, 2, 3], 9)).toEqual({ score: 9, correct: true });
    expect(gradeResponse(q, [0, 2], 9)).toEqual({ score: 0, correct: false });
    expect(gradeResponse(q, [0, 2], 9, { partialCredit: true })).toEqual({ score: 6, correct: false });
    expect(gradeResponse(q, [0], 10, { partialCredit: true })).toEqual({ score: 3.3, correct: false });
    expect(gradeResponse(q, [0, 1], 9, { partialCredit: true })).toEqual({ score: 0, correct: false });
    expect(gradeResponse(q, [0, 1, 2, 3], 9, { partialCredit: true })).toEqual({ score: 0, correct: false });
    expect(gradeResponse(q, [], 9, { partialCredit: true })).toEqual({ score: 0, correct: false });
  });

  it('gives each right blank its share, with case only when the key asks for it', () => {
    const q = { type: QuestionType.FILL, options: null, answer: { ...fillKey, caseSensitive: true } };
    expect(gradeResponse(q, ['beijing', '上海'], 5)).toEqual({ score: 2.5, correct: false });
    expect(gradeResponse(q, ['Beijing'], 5)).toEqual({ score: 2.5, correct: false });
    expect(gradeResponse({ ...q, answer: { blanks: [] } }, ['x'], 5)).toEqual({ score: null, correct: null });
  });
});

describe('display', () => {
  it('shows each kind’s key in one line, and numbered blanks for the candidate', () => {
    expect(QUESTION_TYPES.map((type) => keyDisplay(type, storedKey(type)))).toEqual([
      '正确',
      'B',
      'A,C',
      '北京/Beijing；上海',
      '保障安全',
      'java, python',
    ]);
    expect(keyDisplay(QuestionType.FILL, { answer: fillKey }, { numbered: true })).toBe(
      '第1空：北京 / Beijing；第2空：上海',
    );
    expect(keyDisplay(9, { answer: 'x' })).toBe('');
  });

  it('shows each kind’s response in one line, with letters as the candidate saw the options', () => {
    expect(QUESTION_TYPES.map((type) => responseDisplay({ type }, SAMPLES[type].response))).toEqual([
      '正确',
      'B',
      'A,C',
      'beijing；上海',
      '要保障人员安全',
      'java 代码',
    ]);
    const seen = [7, 3, 5];
    const letterOf = (key: unknown) =>
      seen.indexOf(key as number) >= 0 ? ('ABC'[seen.indexOf(key as number)] ?? null) : null;
    expect(responseDisplay({ type: QuestionType.SINGLE }, 5, { letterOf })).toBe('C');
    expect(responseDisplay({ type: QuestionType.MULTIPLE }, [5, 7, 9], { letterOf })).toBe('A,C');
    expect(responseDisplay({ type: QuestionType.FILL }, ['北京', ''], { numbered: true })).toBe(
      '第1空：北京；第2空：（空）',
    );
    expect(responseDisplay({ type: QuestionType.CODE }, { language: 'java', code: '' })).toBe('未作答');
  });
});

describe('revealed keys', () => {
  it('reveals no hidden test case, nothing for choice kinds, and the key of the others', () => {
    const revealed = QUESTION_TYPES.map((type) => revealedKey(type, storedKey(type).answer));
    expect(revealed).toEqual([
      true,
      null,
      null,
      fillKey,
      shortKey,
      { languages: ['java', 'python'], samples: [{ input: '1 2', output: '3' }] },
    ]);
    for (const key of revealed) expect(revealedKeySchema.safeParse(key).success).toBe(true);
    expect(revealedKey(9, 'x')).toBeNull();
  });
});

describe('Excel cells', () => {
  it.each(QUESTION_TYPES)('writes the key of type %i to cells and reads it back as the same key', (type) => {
    const kind = kindOfType(type);
    const key = storedKey(type);
    const cells = kind.excel.write(key);
    const read = kind.excel.read(cells);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    const again = parseQuestionKey(type, read.options, read.answer);
    // The template column of code is not in the sheet: the rest comes back as it was.
    const expected = type === QuestionType.CODE ? { ...key, answer: { ...codeKey, templates: {} } } : key;
    expect(again).toEqual({ ok: true, key: expected });
  });

  it.each(QUESTION_TYPES)('reads the template example of type %i as a valid key', (type) => {
    const kind = kindOfType(type);
    const read = kind.excel.read(kind.excel.example);
    expect(read.ok).toBe(true);
    if (read.ok) expect(parseQuestionKey(type, read.options, read.answer).ok).toBe(true);
    expect(kind.excel.example.stem).toMatch(/^示例：/);
    expect(kind.excel.answerNote).not.toBe('');
  });

  it('writes the cells the import template documents', () => {
    expect(kindOfType(QuestionType.MULTIPLE).excel.write(storedKey(QuestionType.MULTIPLE))).toEqual({
      answer: 'A,C',
      option0: '选项1',
      option1: '选项2',
      option2: '选项3',
    });
    expect(kindOfType(QuestionType.FILL).excel.write(storedKey(QuestionType.FILL))).toEqual({
      answer: '北京/Beijing|上海',
      caseSensitive: '否',
    });
    expect(kindOfType(QuestionType.CODE).excel.write(storedKey(QuestionType.CODE))).toMatchObject({
      testCases: '*1 2 => 3|2 3 => 5',
    });
  });

  it('reads letters written together for multiple choice, and refuses bad cells naming the column', () => {
    const read = kindOfType(QuestionType.MULTIPLE).excel.read({ option0: 'a', option1: 'b', answer: 'ab' });
    expect(read).toMatchObject({ ok: true, options: [{ correct: true }, { correct: true }] });
    const bad = (type: QuestionType, cells: Record<string, string>) => kindOfType(type).excel.read(cells);
    expect(bad(QuestionType.TRUE_FALSE, {})).toMatchObject({ ok: false, problem: { field: '答案' } });
    expect(bad(QuestionType.SINGLE, { option0: 'a', answer: 'C' })).toMatchObject({
      ok: false,
      problem: { field: '答案', message: '答案“C”不是已填写的选项' },
    });
    expect(bad(QuestionType.FILL, { answer: 'x', caseSensitive: '也许' })).toMatchObject({
      ok: false,
      problem: { field: '区分大小写' },
    });
    expect(bad(QuestionType.CODE, { testCases: '1 => 1', timeLimit: '快' })).toMatchObject({
      ok: false,
      problem: { field: '时间限制(ms)', message: '必须是数字（当前为“快”）' },
    });
    expect(bad(QuestionType.CODE, {})).toMatchObject({ ok: false, problem: { field: '测试用例' } });
  });
});
