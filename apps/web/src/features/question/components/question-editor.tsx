import { useEffect, type ReactNode } from 'react';
import { App, Button, Checkbox, Drawer, Form, Input, InputNumber, Select, Slider, Space } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  CODE_LANGUAGES,
  DEFAULT_QUESTION_POINTS,
  QUESTION_TYPES,
  QuestionType,
  difficultyLabel,
  questionTypeLabel,
  type CodeLanguage,
} from '@kaopei/shared';
import { CodeEditor, type CodeByLanguage } from '../../../components/code-editor';
import {
  addQuestion,
  fetchQuestionTags,
  modifyQuestion,
  questionKeys,
  type BankOption,
  type ChoiceOption,
  type CodeAnswer,
  type FillAnswer,
  type QuestionInput,
  type QuestionRow,
  type ShortAnswer,
} from '../api';
import { FillEditor, OptionsEditor, ShortEditor, TestCasesEditor, TrueFalseEditor } from './answer-editors';
import { KnowledgePicker } from '../../../components/knowledge-picker';
import { RichTextEditor } from './rich-text-editor';

interface FormValues {
  bankId?: number;
  type: number;
  stem: string;
  options: ChoiceOption[];
  trueFalse: boolean;
  fill: FillAnswer;
  short: ShortAnswer;
  languages: CodeLanguage[];
  templates: CodeByLanguage;
  testCases: CodeAnswer['testCases'];
  timeLimit: number;
  memoryLimit: number;
  difficulty: number;
  defaultPoints: number;
  analysis: string;
  tagIds: number[];
  knowledgeIds: number[];
}

const EMPTY: FormValues = {
  type: QuestionType.SINGLE,
  stem: '',
  options: [
    { content: '', correct: true },
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
  difficulty: 5,
  defaultPoints: DEFAULT_QUESTION_POINTS,
  analysis: '',
  tagIds: [],
  knowledgeIds: [],
};

function toFormValues(question: QuestionRow): FormValues {
  const values: FormValues = {
    ...EMPTY,
    bankId: question.bankId,
    type: question.type,
    stem: question.stem,
    difficulty: question.difficulty,
    defaultPoints: question.defaultPoints,
    analysis: question.analysis ?? '',
    tagIds: question.tags.map((tag) => tag.tagId),
    knowledgeIds: question.knowledgePoints.map((point) => point.knowledgeId),
  };
  if (question.options) values.options = question.options;
  if (question.type === QuestionType.TRUE_FALSE) values.trueFalse = question.answer === true;
  if (question.type === QuestionType.FILL) values.fill = question.answer as FillAnswer;
  if (question.type === QuestionType.SHORT) values.short = question.answer as ShortAnswer;
  if (question.type === QuestionType.CODE) {
    const code = question.answer as CodeAnswer;
    values.languages = code.languages as CodeLanguage[];
    values.templates = code.templates as CodeByLanguage;
    values.testCases = code.testCases;
    values.timeLimit = code.timeLimit;
    values.memoryLimit = code.memoryLimit;
  }
  return values;
}

function toInput(values: FormValues): QuestionInput {
  const base = {
    bankId: values.bankId ?? 0,
    type: values.type,
    stem: values.stem,
    analysis: values.analysis || null,
    difficulty: values.difficulty,
    defaultPoints: values.defaultPoints,
    tagIds: values.tagIds,
    knowledgeIds: values.knowledgeIds,
  };
  switch (values.type) {
    case QuestionType.SINGLE:
    case QuestionType.MULTIPLE:
      return { ...base, options: values.options };
    case QuestionType.TRUE_FALSE:
      return { ...base, answer: values.trueFalse };
    case QuestionType.FILL:
      return {
        ...base,
        answer: {
          ...values.fill,
          blanks: values.fill.blanks.map((blank) => ({ answers: blank.answers.filter((a) => a !== '') })),
        },
      };
    case QuestionType.SHORT:
      return { ...base, answer: values.short };
    default: {
      const templates = Object.fromEntries(
        Object.entries(values.templates).filter(([language]) =>
          values.languages.includes(language as CodeLanguage),
        ),
      );
      return {
        ...base,
        answer: {
          languages: values.languages,
          templates,
          testCases: values.testCases,
          timeLimit: values.timeLimit,
          memoryLimit: values.memoryLimit,
        },
      };
    }
  }
}

/** One editor for all six question types. */
export function QuestionEditor({
  open,
  question,
  banks,
  defaultBankId,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The question to edit; null to create one. */
  question: QuestionRow | null;
  banks: BankOption[];
  defaultBankId?: number | undefined;
  onClose: () => void;
  onSaved: () => void;
}): ReactNode {
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const type = Form.useWatch('type', form) ?? EMPTY.type;
  const difficulty = Form.useWatch('difficulty', form) ?? EMPTY.difficulty;
  const languages = Form.useWatch('languages', form) ?? EMPTY.languages;
  const tags = useQuery({ queryKey: questionKeys.tags, queryFn: fetchQuestionTags, enabled: open });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(question ? toFormValues(question) : { ...EMPTY, bankId: defaultBankId });
  }, [open, question, defaultBankId, form]);

  const save = useMutation({
    mutationFn: (values: FormValues) =>
      question ? modifyQuestion(question.id, toInput(values)) : addQuestion(toInput(values)),
    onSuccess: () => {
      message.success(question ? '试题已保存' : '试题已新增');
      onSaved();
      onClose();
    },
  });

  return (
    <Drawer
      open={open}
      title={question ? '编辑试题' : '新增试题'}
      size={820}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            保存
          </Button>
        </Space>
      }
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={EMPTY}
        onFinish={(values) => save.mutate({ ...EMPTY, ...form.getFieldsValue(true), ...values })}
      >
        <Space size={16} wrap>
          <Form.Item name="bankId" label="题库" rules={[{ required: true, message: '请选择题库' }]}>
            <Select
              style={{ width: 260 }}
              placeholder="请选择题库"
              aria-label="题库"
              options={banks.map((bank) => ({ label: bank.name, value: bank.bankId }))}
              showSearch={{ optionFilterProp: 'label' }}
            />
          </Form.Item>
          <Form.Item name="type" label="题型" rules={[{ required: true }]}>
            <Select
              style={{ width: 160 }}
              aria-label="题型"
              disabled={question !== null}
              options={QUESTION_TYPES.map((t) => ({ label: questionTypeLabel(t), value: t }))}
            />
          </Form.Item>
        </Space>
        <Form.Item
          name="stem"
          label="题干"
          rules={[{ required: true, message: '请输入题干' }]}
          trigger="onChange"
        >
          <RichTextEditor placeholder="题干" />
        </Form.Item>

        {type === QuestionType.SINGLE || type === QuestionType.MULTIPLE ? (
          <Form.Item name="options" label="选项（勾选正确答案）">
            <OptionsEditor single={type === QuestionType.SINGLE} />
          </Form.Item>
        ) : null}
        {type === QuestionType.TRUE_FALSE ? (
          <Form.Item name="trueFalse" label="答案">
            <TrueFalseEditor />
          </Form.Item>
        ) : null}
        {type === QuestionType.FILL ? (
          <Form.Item name="fill" label="填空答案">
            <FillEditor />
          </Form.Item>
        ) : null}
        {type === QuestionType.SHORT ? (
          <Form.Item name="short" label="参考答案与得分点">
            <ShortEditor />
          </Form.Item>
        ) : null}
        {type === QuestionType.CODE ? (
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
        ) : null}

        <Space size={24} align="start">
          <Form.Item
            name="difficulty"
            label={`难度：${difficulty}${difficultyLabel(difficulty) ? `（${difficultyLabel(difficulty)}）` : ''}`}
          >
            <Slider min={1} max={10} style={{ width: 260 }} aria-label="难度" />
          </Form.Item>
          <Form.Item name="defaultPoints" label="默认分值">
            <InputNumber min={0.5} max={1000} step={0.5} aria-label="默认分值" />
          </Form.Item>
        </Space>
        <Form.Item name="tagIds" label="标签">
          <Select
            mode="multiple"
            allowClear
            aria-label="标签"
            placeholder="选择试题标签"
            options={(tags.data ?? []).map((tag) => ({ label: tag.name, value: tag.tagId }))}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </Form.Item>
        <Form.Item name="knowledgeIds" label="知识点">
          <KnowledgePicker />
        </Form.Item>
        <Form.Item name="analysis" label="解析">
          <Input.TextArea rows={3} maxLength={20_000} aria-label="解析" />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
