import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Button, Form, Input, Modal, Result, Select, Space, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { DEFAULT_PAGE_SIZE } from '@kaopei/shared';
import { LinkButton } from '../../../app/link-button';
import { PageError, PageLoading } from '../../../app/page-states';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { toast } from '../../../lib/feedback';
import { redirectMemory } from '../../../lib/storage';
import { useSessionStore } from '../../../stores/session-store';
import { accountKeys, fetchAccountDetail } from '../../account/api';
import { PublicLayout } from '../../../components/public-layout';
import {
  APPLICATION_STATUSES,
  approveApplication,
  fetchApplications,
  platformKeys,
  rejectApplication,
  type OrgApplication,
} from '../api';
import '../platform.css';

function SignInFirst({ from }: { from: string }): ReactNode {
  useEffect(() => {
    redirectMemory.remember(from);
  }, [from]);
  return <Navigate to="/login" replace />;
}

function RejectDialog({
  application,
  onClose,
  onDone,
}: {
  application: OrgApplication | null;
  onClose: () => void;
  onDone: () => void;
}): ReactNode {
  const [form] = Form.useForm<{ reason: string }>();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    if (!application) return;
    let values: { reason: string };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      await rejectApplication(application.applicationId, values.reason.trim());
      toast.success(`已驳回「${application.organizationName}」的申请`);
      form.resetFields();
      onDone();
    } catch {
      // The HTTP client has shown the reason.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={application !== null}
      title={`驳回「${application?.organizationName ?? ''}」的入驻申请`}
      okText="驳回"
      okButtonProps={{ danger: true }}
      onOk={() => void submit()}
      confirmLoading={saving}
      onCancel={onClose}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" name="reject-application" preserve={false}>
        <Form.Item
          name="reason"
          label="驳回原因"
          extra="原因会以短信（及邮件）告知申请人"
          rules={[
            { required: true, whitespace: true, message: '请填写驳回原因' },
            { max: 500, message: '驳回原因不能超过 500 个字符' },
          ]}
        >
          <Input.TextArea rows={4} maxLength={500} showCount placeholder="如：组织名称与证照不一致" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function ApplicationsTable(): ReactNode {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<number | undefined>(0);
  const [keywordInput, setKeywordInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState({ page: 1, size: DEFAULT_PAGE_SIZE });
  const [rejecting, setRejecting] = useState<OrgApplication | null>(null);
  const [approving, setApproving] = useState<number | null>(null);

  const filter = { status, keyword, page: paging.page - 1, size: paging.size };
  const list = useQuery({
    queryKey: platformKeys.applications(filter),
    queryFn: () => fetchApplications(filter),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: platformKeys.all });

  const approve = (application: OrgApplication) => {
    Modal.confirm({
      title: `通过「${application.organizationName}」的入驻申请？`,
      content: `将开通${application.kindName === '院校' ? '院校' : '企业'}组织，并创建管理员账号 ${application.account}。`,
      okText: '通过',
      cancelText: '取消',
      onOk: async () => {
        setApproving(application.applicationId);
        try {
          await approveApplication(application.applicationId);
          toast.success(`「${application.organizationName}」已开通`);
          await refresh();
        } catch {
          // The HTTP client has shown the reason (e.g. the name was taken meanwhile).
        } finally {
          setApproving(null);
        }
      },
    });
  };

  const columns: DataTableColumn<OrgApplication>[] = [
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
    {
      title: '状态',
      dataIndex: 'status',
      width: 170,
      render: (_v, r) => {
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
      },
    },
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
              loading={approving === r.applicationId}
              onClick={() => approve(r)}
            >
              通过
            </Button>
            <Button type="link" size="small" danger onClick={() => setRejecting(r)}>
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

  return (
    <>
      <Space wrap className="kp-platform__filters">
        <Select
          value={status}
          onChange={(value: number | undefined) => {
            setStatus(value);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          options={APPLICATION_STATUSES.map((s) => ({ value: s.value, label: s.label }))}
          placeholder="全部状态"
          allowClear
          className="kp-platform__status"
          aria-label="状态筛选"
        />
        <Input.Search
          value={keywordInput}
          onChange={(event) => setKeywordInput(event.target.value)}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          placeholder="组织名称、联系人、账号或手机号"
          allowClear
          maxLength={100}
          className="kp-platform__search"
        />
      </Space>
      {list.isError && !list.data ? (
        <PageError description="申请列表加载失败，请稍后重试。" onRetry={() => void list.refetch()} />
      ) : (
        <DataTable<OrgApplication>
          rowKey="applicationId"
          columns={columns}
          dataSource={list.data?.data ?? []}
          total={list.data?.total ?? 0}
          loading={list.isFetching}
          pagination={paging}
          onPageChange={(page, size) => setPaging({ page, size })}
          autoHeight={false}
          scrollX={1100}
        />
      )}
      <RejectDialog
        application={rejecting}
        onClose={() => setRejecting(null)}
        onDone={() => {
          setRejecting(null);
          void refresh();
        }}
      />
    </>
  );
}

/** /platform/applications: platform administrators review organisation applications. */
export default function ApplicationsPage(): ReactNode {
  const location = useLocation();
  const signedIn = useSessionStore((state) => state.auth !== null);
  const detail = useQuery({ queryKey: accountKeys.detail, queryFn: fetchAccountDetail, enabled: signedIn });

  if (!signedIn) return <SignInFirst from={`${location.pathname}${location.search}`} />;

  let content: ReactNode;
  if (detail.isPending) content = <PageLoading />;
  else if (detail.isError)
    content = (
      <PageError description="账户信息加载失败，请稍后重试。" onRetry={() => void detail.refetch()} />
    );
  else if (!detail.data.isAdmin || detail.data.organizationKind !== 'platform')
    content = (
      <Result
        status="403"
        title="无法访问"
        subTitle="仅平台管理员可以审核入驻申请。"
        extra={
          <LinkButton to="/manage" type="primary">
            返回后台
          </LinkButton>
        }
      />
    );
  else
    content = (
      <>
        <header className="kp-platform__header">
          <Typography.Title level={3}>入驻申请审核</Typography.Title>
          <Typography.Text type="secondary">
            通过后将开通组织、默认角色与管理员账号；驳回需填写原因，申请人会收到通知。
          </Typography.Text>
        </header>
        <ApplicationsTable />
      </>
    );

  return (
    <PublicLayout>
      <div className="kp-platform">{content}</div>
    </PublicLayout>
  );
}
