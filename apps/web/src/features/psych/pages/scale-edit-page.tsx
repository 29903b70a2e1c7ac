import type { ReactNode } from 'react';
import { App, Button, Card, Form, Input, Space } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PageError, PageLoading } from '../../../app/page-states';
import { addScale, fetchScale, modifyScale, psychKeys } from '../api';
import { ScaleDimensions } from '../components/scale-dimensions';
import { ScaleItems } from '../components/scale-items';
import {
  EMPTY_SCALE,
  scaleListPath,
  splitOptions,
  toFormValues,
  toScaleBody,
  type ScaleFormValues,
} from '../psych-rules';
import '../psych.css';

function ScaleForm({ scaleId, initial }: { scaleId: number | null; initial: ScaleFormValues }): ReactNode {
  const [form] = Form.useForm<ScaleFormValues>();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (values: ScaleFormValues) =>
      scaleId ? modifyScale(scaleId, toScaleBody(values)) : addScale(toScaleBody(values)),
    onSuccess: async (scale) => {
      await client.invalidateQueries({ queryKey: psychKeys.all });
      message.success(`已保存量表「${scale.name}」`);
      void navigate(scaleListPath);
    },
  });
  const optionText = Form.useWatch('optionText', form) ?? '';
  return (
    <Form<ScaleFormValues>
      form={form}
      layout="vertical"
      name="kp-scale"
      initialValues={initial}
      onFinish={(v) => save.mutate(v)}
    >
      <Card size="small" title="基本信息">
        <Form.Item
          name="name"
          label="量表名称"
          rules={[{ required: true, whitespace: true, message: '请输入量表名称' }]}
        >
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="description" label="量表说明">
          <Input.TextArea autoSize maxLength={2000} />
        </Form.Item>
        <Form.Item name="instructions" label="指导语（作答前显示）">
          <Input.TextArea autoSize maxLength={2000} />
        </Form.Item>
        <Form.Item name="source" label="来源与引用">
          <Input.TextArea autoSize maxLength={1000} />
        </Form.Item>
        <Form.Item
          name="optionText"
          label={`选项文字（从 1 分起，用顿号分隔；当前 ${splitOptions(optionText).length} 点）`}
          rules={[{ required: true, message: '请输入选项文字' }]}
        >
          <Input />
        </Form.Item>
      </Card>
      <Card size="small" title="维度、常模与等级">
        <ScaleDimensions />
      </Card>
      <Card size="small" title="题目">
        <ScaleItems form={form} />
      </Card>
      <Space style={{ marginTop: 12 }}>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          保存
        </Button>
        <Button onClick={() => void navigate(scaleListPath)}>取消</Button>
      </Space>
    </Form>
  );
}

/** /manage/pmt/edit[?scaleId=]: a scale's items, dimensions, keys, norms and level bands. */
export default function ScaleEditPage(): ReactNode {
  const [params] = useSearchParams();
  const scaleId = Number(params.get('scaleId')) || null;
  const scale = useQuery({
    queryKey: psychKeys.scale(scaleId ?? 0),
    queryFn: () => fetchScale(scaleId ?? 0),
    enabled: scaleId !== null,
  });
  if (scaleId === null)
    return (
      <div className="kp-page">
        <ScaleForm scaleId={null} initial={EMPTY_SCALE} />
      </div>
    );
  if (scale.isPending) return <PageLoading />;
  if (scale.isError) return <PageError onRetry={() => void scale.refetch()} />;
  return (
    <div className="kp-page">
      <ScaleForm scaleId={scaleId} initial={toFormValues(scale.data)} />
    </div>
  );
}
