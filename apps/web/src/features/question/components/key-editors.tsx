import type { ReactNode } from 'react';
import { Checkbox, Form, InputNumber, Space } from 'antd';
import { CODE_LANGUAGES, QuestionType, parseQuestionKey, type CodeLanguage } from '@kaopei/shared';
import { CodeEditor, type CodeByLanguage } from '../../../components/code-editor';
import type { ChoiceOption, CodeAnswer, FillAnswer, QuestionRow, ShortAnswer } from '../api';
import { FillEditor, OptionsEditor, ShortEditor, TestCasesEditor, TrueFalseEditor } from './answer-editors';

/** The key's part of the question form: one set of fields per kind, all kept while the type changes. */
export interface KeyFormValues {
  options: ChoiceOption[];
  trueFalse: boolean;
  fill: FillAnswer;
  short: ShortAnswer;
  languages: CodeLanguage[];
  templates: CodeByLanguage;
  testCases: CodeAnswer['testCases'];
  timeLimit: number;
  memoryLimit: number;
}

export const EMPTY_KEY: KeyFormValues = {
  // No option is marked: a writer who forgets to choose is told so, rather than saving answer A.
  options: [
    { content: '', correct: false },
    { content: '', correct: false },
    { content: '', correct: false },
    { content: '', correct: false },
  ],
  trueFalse: true,
  fill: { blanks: [{ answers: [] }], caseSensitive: false },
  short: { reference: '', scoringPoints: [] },
  languages: ['java'],
  templates: {},
  testCases: [{ input: '', output: '', sample: true }],
  timeLimit: 1000,
  memoryLimit: 256,
};

/** How the editor edits one kind's key (the web's part of the registry in packages/shared `question-kinds/`). */
export interface KeyEditor {
  Fields: () => ReactNode;
  /** A stored question's key as form values. */
  toForm: (question: Pick<QuestionRow, 'options' | 'answer'>) => Partial<KeyFormValues>;
  /** The form values as the key the API takes (the server checks it with the kind's `parseKey`). */
  fromForm: (values: KeyFormValues) => { options?: ChoiceOption[]; answer?: unknown };
  /** The form field under which the server's refusal of the key (`options…`, `answer…`) shows. */
  keyField: keyof KeyFormValues;
}

/** The kind's own rule (the server's), on the options field: its message shows under the options. */
export function choiceOptionsProblem(single: boolean, options: ChoiceOption[]): string | null {
  const type = single ? QuestionType.SINGLE : QuestionType.MULTIPLE;
  const result = parseQuestionKey(type, options, null);
  return result.ok ? null : result.problem.message;
}

function choiceEditor(single: boolean): KeyEditor {
  return {
    Fields: () => (
      <Form.Item
        name="options"
        label="选项（勾选正确答案）"
        rules={[
          {
            validator: async (_, options: ChoiceOption[]) => {
              const problem = choiceOptionsProblem(single, options);
              if (problem) throw new Error(problem);
            },
          },
        ]}
      >
        <OptionsEditor single={single} />
      </Form.Item>
    ),
    toForm: (question) => (question.options ? { options: question.options } : {}),
    fromForm: (values) => ({ options: values.options }),
    keyField: 'options',
  };
}

function CodeFields(): ReactNode {
  const form = Form.useFormInstance<KeyFormValues>();
  const languages = Form.useWatch('languages', form) ?? EMPTY_KEY.languages;
  return (
    <>
      <Form.Item
        name="languages"
        label="编程语言"
        rules={[{ required: true, type: 'array', min: 1, message: '请至少选择一种语言' }]}
      >
        <Checkbox.Group
          options={CODE_LANGUAGES.map((language) => ({ label: language.label, value: language.id }))}
        />
      </Form.Item>
      <Form.Item name="templates" label="代码模板">
        <CodeEditor languages={languages.length > 0 ? languages : ['java']} height={220} />
      </Form.Item>
      <Form.Item name="testCases" label="测试用例">
        <TestCasesEditor />
      </Form.Item>
      <Space size={16}>
        <Form.Item name="timeLimit" label="时间限制">
          <InputNumber min={100} max={60_000} step={100} addonAfter="ms" aria-label="时间限制" />
        </Form.Item>
        <Form.Item name="memoryLimit" label="内存限制">
          <InputNumber min={16} max={4096} addonAfter="MB" aria-label="内存限制" />
        </Form.Item>
      </Space>
    </>
  );
}

const codeEditor: KeyEditor = {
  Fields: CodeFields,
  keyField: 'testCases',
  toForm(question) {
    const code = question.answer as CodeAnswer;
    return {
      languages: code.languages as CodeLanguage[],
      templates: code.templates as CodeByLanguage,
      testCases: code.testCases,
      timeLimit: code.timeLimit,
      memoryLimit: code.memoryLimit,
    };
  },
  fromForm(values) {
    const templates = Object.fromEntries(
      Object.entries(values.templates).filter(([language]) =>
        values.languages.includes(language as CodeLanguage),
      ),
    );
    return {
      answer: {
        languages: values.languages,
        templates,
        testCases: values.testCases,
        timeLimit: values.timeLimit,
        memoryLimit: values.memoryLimit,
      },
    };
  },
};

/** The key editor of each kind: a new kind's type makes this record incomplete until it has one. */
export const KEY_EDITORS: Readonly<Record<QuestionType, KeyEditor>> = {
  [QuestionType.TRUE_FALSE]: {
    Fields: () => (
      <Form.Item name="trueFalse" label="答案">
        <TrueFalseEditor />
      </Form.Item>
    ),
    toForm: (question) => ({ trueFalse: question.answer === true }),
    keyField: 'trueFalse',
    fromForm: (values) => ({ answer: values.trueFalse }),
  },
  [QuestionType.SINGLE]: choiceEditor(true),
  [QuestionType.MULTIPLE]: choiceEditor(false),
  [QuestionType.FILL]: {
    Fields: () => (
      <Form.Item name="fill" label="填空答案">
        <FillEditor />
      </Form.Item>
    ),
    toForm: (question) => ({ fill: question.answer as FillAnswer }),
    keyField: 'fill',
    fromForm: (values) => ({
      answer: {
        ...values.fill,
        blanks: values.fill.blanks.map((blank) => ({ answers: blank.answers.filter((a) => a !== '') })),
      },
    }),
  },
  [QuestionType.SHORT]: {
    Fields: () => (
      <Form.Item name="short" label="参考答案与得分点">
        <ShortEditor />
      </Form.Item>
    ),
    toForm: (question) => ({ short: question.answer as ShortAnswer }),
    keyField: 'short',
    fromForm: (values) => ({ answer: values.short }),
  },
  [QuestionType.CODE]: codeEditor,
};
