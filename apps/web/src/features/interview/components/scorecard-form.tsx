import { type ReactNode } from 'react';
import { App, Button, Form, Input, Radio, Rate } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RECOMMENDATIONS } from '@kaopei/shared/contracts/interview';
import { interviewKeys, submitScorecard, type InterviewDetail } from '../api';

interface Values {
  scores: Record<string, { score?: number; comment?: string }>;
  comment?: string;
  recommendation?: string;
}

const RATE_WORDS = ['1 分：不具备', '2 分：初步具备', '3 分：达到要求', '4 分：超出要求', '5 分：卓越'];

/** The interviewer's scorecard: 1–5 per ability of the post's model, comments and a recommendation. */
export function ScorecardForm({
  interview,
  onDone,
}: {
  interview: InterviewDetail;
  onDone?: () => void;
}): ReactNode {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const save = useMutation({
    mutationFn: (values: Values) =>
      submitScorecard({
        interviewId: interview.id,
        scores: interview.abilities.map((a) => ({
          abilityId: a.abilityId,
          score: values.scores?.[a.abilityId]?.score ?? 0,
          comment: values.scores?.[a.abilityId]?.comment ?? '',
        })),
        comment: values.comment,
        recommendation: values.recommendation as (typeof RECOMMENDATIONS)[number]['id'],
      }),
    onSuccess: async () => {
      message.success('评分表已提交');
      await queryClient.invalidateQueries({ queryKey: interviewKeys.all });
      onDone?.();
    },
  });

  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={(values) => save.mutate(values)}
      data-testid="scorecard-form"
    >
      {interview.abilities.length === 0 ? (
        <p>该面试未关联岗位能力模型，只需填写总体评价与录用建议。</p>
      ) : null}
      {interview.abilities.map((ability) => (
        <fieldset key={ability.abilityId} className="kp-interview-ability">
          <legend>
            {ability.name}（要求 {ability.requiredLevel} 级）
          </legend>
          <Form.Item
            name={['scores', String(ability.abilityId), 'score']}
            label={`${ability.name}评分`}
            rules={[{ required: true, message: `请为“${ability.name}”评分` }]}
          >
            <Rate tooltips={RATE_WORDS} aria-label={`${ability.name}评分`} />
          </Form.Item>
          <Form.Item name={['scores', String(ability.abilityId), 'comment']} label={`${ability.name}评语`}>
            <Input maxLength={500} />
          </Form.Item>
        </fieldset>
      ))}
      <Form.Item name="comment" label="总体评价">
        <Input.TextArea rows={3} maxLength={2000} />
      </Form.Item>
      <Form.Item
        name="recommendation"
        label="录用建议"
        rules={[{ required: true, message: '请选择录用建议' }]}
      >
        <Radio.Group options={RECOMMENDATIONS.map((r) => ({ value: r.id, label: r.label }))} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        提交评分表
      </Button>
    </Form>
  );
}
