import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Input, Modal, Result, Select, Space, Typography } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@kaopei/shared';
import { LinkButton } from '../../../app/link-button';
import { PageError, PageLoading } from '../../../app/page-states';
import { DataTable } from '../../../components/data-table';
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
  type OrgApplication,
} from '../api';
import { applicationColumns } from '../components/application-columns';
import { RejectDialog } from '../components/reject-dialog';
import '../platform.css';

function SignInFirst({ from }: { from: string }): ReactNode {
  useEffect(() => {
    redirectMemory.remember(from);
  }, [from]);
  return <Navigate to="/login" replace />;
}

/** 通过 (after asking): opens the organisation and its administrator account. */
function useApproveApplication(refresh: () => Promise<unknown>) {
  const [approvingId, setApprovingId] = useState<number | null>(null);
  const approve = (application: OrgApplication) => {
    Modal.confirm({
      title: `通过「${application.organizationName}」的入驻申请？`,
      content: `将开通${application.kindName === '院校' ? '院校' : '企业'}组织，并创建管理员账号 ${application.account}。`,
      okText: '通过',
      cancelText: '取消',
      onOk: async () => {
        setApprovingId(application.applicationId);
        try {
          await approveApplication(application.applicationId);
          toast.success(`「${application.organizationName}」已开通`);
          await refresh();
        } catch {
          // The HTTP client has shown the reason (e.g. the name was taken meanwhile).
        } finally {
          setApprovingId(null);
        }
      },
    });
  };
  return { approve, approvingId };
}

interface ApplicationFilter {
  status: number | undefined;
  keyword: string;
}

/** The status select (pending first) and the keyword search. */
function ApplicationFilters(props: {
  status: number | undefined;
  onFilter: (patch: Partial<ApplicationFilter>) => void;
}): ReactNode {
  const { status, onFilter } = props;
  const [keywordInput, setKeywordInput] = useState('');
  return (
    <Space wrap className="kp-platform__filters">
      <Select
        value={status}
        onChange={(value: number | undefined) => onFilter({ status: value })}
        options={APPLICATION_STATUSES.map((s) => ({ value: s.value, label: s.label }))}
        placeholder="全部状态"
        allowClear
        className="kp-platform__status"
        aria-label="状态筛选"
      />
      <Input.Search
        value={keywordInput}
        onChange={(event) => setKeywordInput(event.target.value)}
        onSearch={(value) => onFilter({ keyword: value.trim() })}
        placeholder="组织名称、联系人、账号或手机号"
        allowClear
        maxLength={100}
        className="kp-platform__search"
      />
    </Space>
  );
}

function ApplicationsTable(): ReactNode {
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<ApplicationFilter>({ status: 0, keyword: '' });
  const [paging, setPaging] = useState({ page: 1, size: DEFAULT_PAGE_SIZE });
  const [rejecting, setRejecting] = useState<OrgApplication | null>(null);

  const query = { ...filter, page: paging.page - 1, size: paging.size };
  const list = useQuery({
    queryKey: platformKeys.applications(query),
    queryFn: () => fetchApplications(query),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: platformKeys.all });
  const { approve, approvingId } = useApproveApplication(refresh);

  return (
    <>
      <ApplicationFilters
        status={filter.status}
        onFilter={(patch) => {
          setFilter((current) => ({ ...current, ...patch }));
          setPaging((p) => ({ ...p, page: 1 }));
        }}
      />
      {list.isError && !list.data ? (
        <PageError description="申请列表加载失败，请稍后重试。" onRetry={() => void list.refetch()} />
      ) : (
        <DataTable<OrgApplication>
          rowKey="applicationId"
          columns={applicationColumns({ approve, approvingId, reject: setRejecting })}
          dataSource={list.data?.data ?? []}
          total={list.data?.total ?? 0}
          loading={list.isFetching}
          pagination={paging}
          onPageChange={(page, size) => setPaging({ page, size })}
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
