import { useEffect, type ReactNode } from 'react';
import {
  App,
  Button,
  Drawer,
  Form,
  Input,
  InputNumber,
  Select,
  Slider,
  Space,
  type FormInstance,
} from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  DEFAULT_QUESTION_POINTS,
  QUESTION_TYPES,
  QuestionType,
  difficultyLabel,
  isQuestionType,
  questionTypeLabel,
} from '@kaopei/shared';
import {
  addQuestion,
  fetchQuestionTags,
  modifyQuestion,
  questionKeys,
  type BankOption,
  type QuestionInput,
  type QuestionRow,
} from '../api';
import { EMPTY_KEY, KEY_EDITORS, type KeyEditor, type KeyFormValues } from './key-editors';
import { KnowledgePicker } from '../../../components/knowledge-picker';
import { FORM_ERRORS, showErrorOnForm } from '../../../lib/form-errors';
import { RichTextEditor } from '../../../components/rich-text-editor';

interface FormValues extends KeyFormValues {
  bankId?: number;
  type: number;
  stem: string;
  difficulty: number;
  defaultPoints: number;
  analysis: string;
  tagIds: number[];
  knowledgeIds: number[];
}

const EMPTY: FormValues = {
  type: QuestionType.SINGLE,
  stem: '',
  ...EMPTY_KEY,
  difficulty: 5,
  defaultPoints: DEFAULT_QUESTION_POINTS,
  analysis: '',
  tagIds: [],
  knowledgeIds: [],
};

const keyEditorOf = (type: number): KeyEditor | undefined =>
  isQuestionType(type) ? KEY_EDITORS[type] : undefined;

function toFormValues(question: QuestionRow): FormValues {
  return {
    ...EMPTY,
    bankId: question.bankId,
    type: question.type,
    stem: question.stem,
    difficulty: question.difficulty,
    defaultPoints: question.defaultPoints,
    analysis: question.analysis ?? '',
    tagIds: question.tags.map((tag) => tag.tagId),
    knowledgeIds: question.knowledgePoints.map((point) => point.knowledgeId),
    ...keyEditorOf(question.type)?.toForm(question),
  };
}

function toInput(values: FormValues): QuestionInput {
  return {
    bankId: values.bankId ?? 0,
    type: values.type,
    stem: values.stem,
    analysis: values.analysis || null,
    difficulty: values.difficulty,
    defaultPoints: values.defaultPoints,
    tagIds: values.tagIds,
    knowledgeIds: values.knowledgeIds,
    ...keyEditorOf(values.type)?.fromForm(values),
  };
}

/** Bank and type; the type is fixed once a question exists. */
function QuestionHeadFields({ banks, editing }: { banks: BankOption[]; editing: boolean }) {
  return (
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
          disabled={editing}
          options={QUESTION_TYPES.map((t) => ({ label: questionTypeLabel(t), value: t }))}
        />
      </Form.Item>
    </Space>
  );
}

/** Difficulty, points, tags, knowledge points and the analysis: the same for every type. */
function QuestionMetaFields({ difficulty, open }: { difficulty: number; open: boolean }) {
  const tags = useQuery({ queryKey: questionKeys.tags, queryFn: fetchQuestionTags, enabled: open });
  const level = difficultyLabel(difficulty);
  return (
    <>
      <Space size={24} align="start">
        <Form.Item name="difficulty" label={`难度：${difficulty}${level ? `（${level}）` : ''}`}>
          <Slider min={1} max={10} style={{ width: 260 }} ariaLabelForHandle="难度" />
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
    </>
  );
}

/** Adds or saves the question, then tells the list and closes. */
function useSaveQuestion(
  form: FormInstance<FormValues>,
  question: QuestionRow | null,
  onSaved: () => void,
  onClose: () => void,
) {
  const { message } = App.useApp();
  return useMutation({
    mutationFn: (values: FormValues) =>
      question
        ? modifyQuestion(question.id, toInput(values), FORM_ERRORS)
        : addQuestion(toInput(values), FORM_ERRORS),
    // The key's refusal ('选项 C 的内容不能为空') shows under the type's key field.
    onError: (error, values) => {
      const keyField = keyEditorOf(values.type)?.keyField;
      showErrorOnForm(form, error, keyField ? { options: keyField, answer: keyField } : {});
    },
    onSuccess: () => {
      message.success(question ? '试题已保存' : '试题已新增');
      onSaved();
      onClose();
    },
  });
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
  const [form] = Form.useForm<FormValues>();
  const type = Form.useWatch('type', form) ?? EMPTY.type;
  const difficulty = Form.useWatch('difficulty', form) ?? EMPTY.difficulty;
  const KeyFields = keyEditorOf(type)?.Fields;
  const save = useSaveQuestion(form, question, onSaved, onClose);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(question ? toFormValues(question) : { ...EMPTY, bankId: defaultBankId });
  }, [open, question, defaultBankId, form]);

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
        <QuestionHeadFields banks={banks} editing={question !== null} />
        <Form.Item
          name="stem"
          label="题干"
          rules={[{ required: true, message: '请输入题干' }]}
          trigger="onChange"
        >
          <RichTextEditor label="题干" />
        </Form.Item>
        {KeyFields ? <KeyFields /> : null}
        <QuestionMetaFields difficulty={difficulty} open={open} />
      </Form>
    </Drawer>
  );
}
