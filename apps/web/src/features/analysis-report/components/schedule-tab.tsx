import { useState, type ReactNode } from 'react';
import {
  App,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Segmented,
  Space,
  Switch,
  Table,
  Tag,
} from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { REPORT_MAX_DAY_OF_MONTH } from '@kaopei/shared';
import { REPORT_KIND_LABELS, REPORT_KINDS, type ReportKind } from '@kaopei/shared/contracts/analysis-report';
import { PageError } from '../../../app/page-states';
import { StaffMultiPicker } from '../../../components/staff-picker';
import { formatDateTime } from '../../../lib/time-format';
import {
  addSchedule,
  deleteSchedule,
  fetchSchedules,
  reportKeys,
  updateSchedule,
  type ScheduleForm,
  type ScheduleRow,
} from '../api';
import { DepartmentSelect, ExamSelect } from './report-picker';

/** 定时发送: monthly reports to chosen staff (message box, and e-mail with the Excel attached). */

type FormValues = Omit<ScheduleForm, 'examId' | 'departmentId'> & {
  examId?: number;
  departmentId?: number;
};

function ScheduleModal({
  editing,
  onClose,
}: {
  /** null: a new schedule. */
  editing: ScheduleRow | null;
  onClose: () => void;
}): ReactNode {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const kind = Form.useWatch('kind', form) ?? editing?.kind ?? 'department';
  const save = useMutation({
    mutationFn: (values: FormValues) =>
      editing ? updateSchedule({ ...values, scheduleId: editing.scheduleId }) : addSchedule(values),
    onSuccess: () => {
      message.success('定时发送已保存');
      void client.invalidateQueries({ queryKey: reportKeys.all });
      onClose();
    },
  });
  const initial: Partial<FormValues> = editing
    ? {
        name: editing.name,
        kind: editing.kind,
        examId: editing.examId ?? undefined,
        departmentId: editing.departmentId ?? undefined,
        dayOfMonth: editing.dayOfMonth,
        recipientIds: editing.recipients.map((r) => r.userId),
        enabled: editing.enabled,
      }
    : { kind: 'department', dayOfMonth: 1, enabled: true, recipientIds: [] };
  return (
    <Modal
      open
      title={editing ? '编辑定时发送' : '新增定时发送'}
      okText="保存"
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={(v) => save.mutate(v)}
      >
        <Form.Item
          name="name"
          label="名称"
          rules={[{ required: true, whitespace: true, message: '请输入名称' }]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="kind" label="报告类型">
          <Segmented<ReportKind>
            aria-label="报告类型"
            options={REPORT_KINDS.map((k) => ({ value: k, label: REPORT_KIND_LABELS[k] }))}
          />
        </Form.Item>
        {kind === 'exam' ? (
          <Form.Item name="examId" label="考试" rules={[{ required: true, message: '请选择考试' }]}>
            <ExamSelect />
          </Form.Item>
        ) : (
          <Form.Item
            name="departmentId"
            label="部门"
            extra="每月发送上一个自然月的部门报告（含下级部门）"
            rules={[{ required: true, message: '请选择部门' }]}
          >
            <DepartmentSelect />
          </Form.Item>
        )}
        <Form.Item
          name="dayOfMonth"
          label="每月发送日"
          rules={[{ required: true, message: '请填写每月发送日' }]}
        >
          <InputNumber min={1} max={REPORT_MAX_DAY_OF_MONTH} precision={0} addonAfter="日" />
        </Form.Item>
        <Form.Item
          name="recipientIds"
          label="接收人"
          extra="报告发到接收人的消息盒子；设置了邮箱的人同时收到附有 Excel 的邮件"
          rules={[{ required: true, type: 'array', min: 1, message: '请选择接收人' }]}
        >
          <StaffMultiPicker aria-label="接收人" testId="schedule-recipients" />
        </Form.Item>
        <Form.Item name="enabled" label="启用" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function lastSent(row: ScheduleRow): ReactNode {
  if (row.lastSentAt === null) return '尚未发送';
  return (
    <Space direction="vertical" size={0}>
      <span>
        {formatDateTime(row.lastSentAt)}{' '}
        <Tag color={row.lastStatus === 'sent' ? 'green' : 'red'}>
          {row.lastStatus === 'sent' ? '已发送' : '失败'}
        </Tag>
      </span>
      {row.lastMessage && <span className="kp-analysis-summary">{row.lastMessage}</span>}
    </Space>
  );
}

export function ScheduleTab(): ReactNode {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [page, setPage] = useState(0);
  const [editing, setEditing] = useState<ScheduleRow | null | undefined>(undefined);
  const list = useQuery({
    queryKey: reportKeys.schedules(undefined, page, 10),
    queryFn: () => fetchSchedules(undefined, page, 10),
  });
  const remove = useMutation({
    mutationFn: deleteSchedule,
    onSuccess: () => {
      message.success('已删除');
      void client.invalidateQueries({ queryKey: reportKeys.all });
    },
  });
  if (list.isError) return <PageError description="定时发送加载失败" onRetry={() => void list.refetch()} />;
  return (
    <Card size="small">
      <div className="kp-analysis-bar">
        <span className="kp-analysis-summary">
          每月在发送日把报告发到接收人的消息盒子与邮箱；部门报告为上一个自然月。
        </span>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
          新增定时发送
        </Button>
      </div>
      <Table<ScheduleRow>
        size="small"
        rowKey="scheduleId"
        loading={list.isFetching}
        dataSource={list.data?.data ?? []}
        scroll={{ x: 960 }}
        aria-label="定时发送"
        pagination={{
          current: page + 1,
          pageSize: 10,
          total: list.data?.total ?? 0,
          showSizeChanger: false,
          onChange: (p) => setPage(p - 1),
        }}
        columns={[
          { title: '名称', dataIndex: 'name', width: 160 },
          {
            title: '报告',
            key: 'target',
            width: 200,
            render: (_v, r) => `${REPORT_KIND_LABELS[r.kind]}：${r.targetName ?? '（已删除）'}`,
          },
          { title: '每月发送日', dataIndex: 'dayOfMonth', width: 100, render: (d: number) => `${d} 日` },
          {
            title: '接收人',
            key: 'recipients',
            width: 180,
            render: (_v, r) => r.recipients.map((p) => p.realName).join('、') || '—',
          },
          {
            title: '下次发送',
            key: 'next',
            width: 110,
            render: (_v, r) => (r.enabled ? r.nextSendDate : <Tag>已停用</Tag>),
          },
          { title: '上次发送', key: 'last', width: 220, render: (_v, r) => lastSent(r) },
          {
            title: '操作',
            key: 'actions',
            width: 130,
            fixed: 'right',
            render: (_v, r) => (
              <Space>
                <Button type="link" size="small" onClick={() => setEditing(r)} aria-label={`编辑${r.name}`}>
                  编辑
                </Button>
                <Popconfirm
                  title={`删除定时发送「${r.name}」？`}
                  onConfirm={() => remove.mutate(r.scheduleId)}
                >
                  <Button type="link" size="small" danger aria-label={`删除${r.name}`}>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {editing !== undefined && <ScheduleModal editing={editing} onClose={() => setEditing(undefined)} />}
    </Card>
  );
}
