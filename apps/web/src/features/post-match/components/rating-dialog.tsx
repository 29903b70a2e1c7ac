import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Form, Input, Modal, Radio, Select, Table, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ABILITY_LEVEL_NAMES, ABILITY_LEVELS } from '@kaopei/shared';
import { toast } from '../../../lib/feedback';
import { fetchProfile, postMatchKeys, rateAbility, type ProfileAbility } from '../api';
import { formatDate, levelText } from '../match-format';

interface RatingValues {
  abilityId: number;
  level: number;
  comment?: string;
}

/**
 * A manager rates one of a person's abilities (the second source beside exams). Shows the person's
 * whole profile so the rater sees what the exams measured before rating.
 */
export function RatingDialog({
  userId,
  realName,
  abilityId,
  open,
  onClose,
}: {
  userId: number;
  realName: string;
  /** The ability to preselect. */
  abilityId?: number;
  open: boolean;
  onClose: () => void;
}): ReactNode {
  const [form] = Form.useForm<RatingValues>();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const profile = useQuery({
    queryKey: postMatchKeys.profile(userId),
    queryFn: () => fetchProfile(userId),
    enabled: open,
  });
  const rate = useMutation({
    mutationFn: (values: RatingValues) => rateAbility({ userId, ...values }),
    onSuccess: async () => {
      toast.success('评定已保存，有效等级已重算');
      await queryClient.invalidateQueries({ queryKey: postMatchKeys.all });
      onClose();
    },
    onError: (e: Error) => setError(e.message),
  });

  useEffect(() => {
    if (!open) return;
    setError(null);
    const current = profile.data?.abilities.find((a) => a.abilityId === abilityId);
    form.setFieldsValue({
      abilityId,
      level: current?.rating?.level,
      comment: current?.rating?.comment ?? undefined,
    });
  }, [open, abilityId, profile.data, form]);

  const abilities = profile.data?.abilities ?? [];
  return (
    <Modal
      title={`评定能力：${realName}`}
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="保存评定"
      confirmLoading={rate.isPending}
      width={720}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        经理评定是能力的第二个来源：同一能力既有考试等级又有评定时，有效等级 = 考试等级 × 70% + 评定等级 ×
        30%； 只有其一时即取该等级。重复评定会覆盖上一次。
      </Typography.Paragraph>
      {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} /> : null}
      <Form<RatingValues> form={form} layout="vertical" onFinish={(values) => rate.mutate(values)}>
        <Form.Item name="abilityId" label="能力" rules={[{ required: true, message: '请选择能力' }]}>
          <Select
            showSearch
            optionFilterProp="label"
            loading={profile.isLoading}
            placeholder="选择要评定的能力"
            options={abilities.map((a) => ({ value: a.abilityId, label: `${a.dimensionName} / ${a.name}` }))}
          />
        </Form.Item>
        <Form.Item name="level" label="评定等级" rules={[{ required: true, message: '请选择评定等级' }]}>
          <Radio.Group
            options={ABILITY_LEVELS.map((level) => ({
              value: level,
              label: `${level} 级 ${ABILITY_LEVEL_NAMES[level]}`,
            }))}
          />
        </Form.Item>
        <Form.Item name="comment" label="评语" rules={[{ max: 500, message: '评语不能超过 500 个字符' }]}>
          <Input.TextArea rows={2} placeholder="依据的行为或事例（可选）" maxLength={500} />
        </Form.Item>
      </Form>
      <Table<ProfileAbility>
        size="small"
        rowKey="abilityId"
        loading={profile.isLoading}
        dataSource={abilities}
        pagination={false}
        scroll={{ y: 240 }}
        locale={{ emptyText: profile.isError ? '能力档案加载失败' : '能力库中还没有能力' }}
        columns={[
          { title: '能力', dataIndex: 'name', render: (_, a) => `${a.dimensionName} / ${a.name}` },
          { title: '考试等级', render: (_, a) => levelText(a.exam?.level ?? null) },
          {
            title: '经理评定',
            render: (_, a) =>
              a.rating
                ? `${a.rating.level} 级（${a.rating.raterName ?? '—'}，${formatDate(a.rating.at)}）`
                : '—',
          },
          { title: '有效等级', dataIndex: 'level', render: (level: number | null) => levelText(level) },
        ]}
      />
    </Modal>
  );
}
