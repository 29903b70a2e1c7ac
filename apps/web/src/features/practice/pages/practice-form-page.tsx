import { useEffect, type ReactNode } from 'react';
import { App, Button, Card, Form, Input, InputNumber, Select, Space } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import {
  PRACTICE_DESCRIPTION_MAX,
  PRACTICE_NAME_MAX,
  PRACTICE_SOURCE_KINDS,
  PRACTICE_SOURCE_LABELS,
  ROUND_SIZE_MAX,
  practicePaths,
  type PracticeSourceKind,
} from '@kaopei/shared/contracts/practice';
import { PageError, PageLoading } from '../../../app/page-states';
import {
  addPractice,
  fetchPractice,
  fetchSourceOptions,
  modifyPractice,
  practiceKeys,
  type SourceOptions,
} from '../api';
import { sourcesFromForm, sourcesToForm, type SourceFormValues } from '../practice-rules';
import '../practice.css';

interface FormValues extends SourceFormValues {
  name: string;
  description?: string;
  roundSize: number;
}

const OPTION_KEYS: Record<PracticeSourceKind, keyof SourceOptions> = {
  bank: 'banks',
  knowledge: 'knowledge',
  ability: 'abilities',
};

function SourceFields({ options }: { options: SourceOptions | undefined }): ReactNode {
  return (
    <>
      {PRACTICE_SOURCE_KINDS.map((kind) => (
        <Form.Item key={kind} name={kind} label={`按${PRACTICE_SOURCE_LABELS[kind]}`}>
          <Select
            mode="multiple"
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder={`选择${PRACTICE_SOURCE_LABELS[kind]}`}
            aria-label={`按${PRACTICE_SOURCE_LABELS[kind]}选题`}
            options={(options?.[OPTION_KEYS[kind]] ?? []).map((item) => ({
              value: item.id,
              label: item.name,
            }))}
          />
        </Form.Item>
      ))}
    </>
  );
}

/** /manage/study/practice/add (and ?practiceId= to edit a draft): name, round size and where the questions come from. */
export default function PracticeFormPage(): ReactNode {
  const [params] = useSearchParams();
  const practiceId = Number(params.get('practiceId')) || null;
  const [form] = Form.useForm<FormValues>();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const options = useQuery({ queryKey: practiceKeys.sourceOptions, queryFn: fetchSourceOptions });
  const existing = useQuery({
    queryKey: practiceKeys.detail(practiceId ?? 0),
    queryFn: () => fetchPractice(practiceId!),
    enabled: practiceId !== null,
  });
  useEffect(() => {
    if (!existing.data) return;
    form.setFieldsValue({
      name: existing.data.name,
      description: existing.data.description ?? undefined,
      roundSize: existing.data.roundSize,
      ...sourcesToForm(existing.data.sources),
    });
  }, [existing.data, form]);
  const save = useMutation({
    mutationFn: async (values: FormValues) => {
      const body = {
        name: values.name,
        description: values.description ?? null,
        roundSize: values.roundSize,
        sources: sourcesFromForm(values),
      };
      if (practiceId === null) return (await addPractice(body)).practiceId;
      await modifyPractice({ practiceId, ...body });
      return practiceId;
    },
    onSuccess: (id) => {
      message.success(practiceId === null ? '练习已创建（草稿），发布后学员即可练习' : '练习已保存');
      void queryClient.invalidateQueries({ queryKey: practiceKeys.all });
      void navigate(practicePaths.manageDetail(id));
    },
  });
  if (practiceId !== null && existing.isPending) return <PageLoading />;
  if (existing.isError) return <PageError onRetry={() => void existing.refetch()} />;
  if (existing.data && existing.data.status !== 'draft')
    return <PageError title="不能修改" description="练习已发布，不能再修改。" />;
  return (
    <div className="kp-page">
      <Card title={practiceId === null ? '新建练习' : '编辑练习'} size="small" style={{ maxWidth: 760 }}>
        <Form<FormValues>
          form={form}
          layout="vertical"
          name="kp-practice-form"
          initialValues={{ roundSize: 10 }}
          onFinish={(values) => save.mutate(values)}
        >
          <Form.Item
            name="name"
            label="练习名称"
            rules={[
              { required: true, whitespace: true, message: '练习名称不能为空' },
              { max: PRACTICE_NAME_MAX, message: `练习名称不能超过 ${PRACTICE_NAME_MAX} 个字符` },
            ]}
          >
            <Input maxLength={PRACTICE_NAME_MAX} />
          </Form.Item>
          <Form.Item name="description" label="练习说明">
            <Input.TextArea rows={3} maxLength={PRACTICE_DESCRIPTION_MAX} />
          </Form.Item>
          <Form.Item
            name="roundSize"
            label="每轮题数"
            rules={[{ required: true, message: '每轮题数不能为空' }]}
            extra="每轮从题池中随机抽取的题数；学员可以练习任意多轮。"
          >
            <InputNumber min={1} max={ROUND_SIZE_MAX} precision={0} />
          </Form.Item>
          <p className="kp-practice-card__meta">
            题目来源（至少选一项）：发布时，来源中已审核通过的判断题、单选题和多选题组成题池。
          </p>
          <SourceFields options={options.data} />
          <Space>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              保存
            </Button>
            <Button onClick={() => void navigate(practicePaths.manageList)}>取消</Button>
          </Space>
        </Form>
      </Card>
    </div>
  );
}
