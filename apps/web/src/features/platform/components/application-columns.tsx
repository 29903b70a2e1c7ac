import { Button, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { DataTableColumn } from '../../../components/data-table';
import { APPLICATION_STATUSES, type OrgApplication } from '../api';

/** What the buttons of a pending application do. */
export interface ApplicationActions {
  approve: (application: OrgApplication) => void;
  reject: (application: OrgApplication) => void;
  /** The application being approved, if any (its button spins). */
  approvingId: number | null;
}

/** The columns of the application list. */
export function applicationColumns(actions: ApplicationActions): DataTableColumn<OrgApplication>[] {
  return [
    { title: '组织名称', dataIndex: 'organizationName' },
    { title: '类型', dataIndex: 'kindName', width: 90 },
    {
      title: '联系人',
      key: 'contact',
      width: 170,
      render: (_v, r) => (
        <span>
          {r.contactName}
          <br />
          <Typography.Text type="secondary">{r.phone}</Typography.Text>
        </span>
      ),
    },
    { title: '管理员账号', dataIndex: 'account', width: 130 },
    {
      title: '行业 / 规模',
      key: 'industry',
      width: 160,
      render: (_v, r) => [r.industry, r.scale].filter(Boolean).join(' · ') || '—',
    },
    {
      title: '申请时间',
      dataIndex: 'createdAt',
      width: 150,
      render: (v) => dayjs(v as number).format('YYYY-MM-DD HH:mm'),
    },
    { title: '状态', dataIndex: 'status', width: 170, render: (_v, r) => <StatusCell application={r} /> },
    {
      title: '操作',
      key: 'actions',
      width: 140,
      fixed: 'right',
      render: (_v, r) =>
        r.status === 0 ? (
          <Space size={0}>
            <Button
              type="link"
              size="small"
              loading={actions.approvingId === r.applicationId}
              onClick={() => actions.approve(r)}
            >
              通过
            </Button>
            <Button type="link" size="small" danger onClick={() => actions.reject(r)}>
              驳回
            </Button>
          </Space>
        ) : (
          <Typography.Text type="secondary">
            {r.reviewedAt ? dayjs(r.reviewedAt).format('MM-DD HH:mm') : '自动通过'}
          </Typography.Text>
        ),
    },
  ];
}

/** The status tag, with the reason of a rejection. */
function StatusCell({ application: r }: { application: OrgApplication }) {
  const s = APPLICATION_STATUSES.find((x) => x.value === r.status);
  return (
    <span>
      <Tag color={s?.color}>{s?.label ?? '未知'}</Tag>
      {r.status === 2 && r.reviewReason ? (
        <Typography.Text type="secondary" className="kp-platform__reason">
          {r.reviewReason}
        </Typography.Text>
      ) : null}
    </span>
  );
}
