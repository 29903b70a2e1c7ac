import { useState, type ReactNode } from 'react';
import { App, Button, Input, Select, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { JOB_STATUSES, JOB_STATUS_LABELS, type JobStatus } from '@kaopei/shared';
import { recruitPaths, RECRUIT_MENUS } from '@kaopei/shared/contracts/recruitment';
import { DataTable, useListPage, type DataTableColumn } from '../../../components/data-table';
import { PageError } from '../../../app/page-states';
import { formatDateTime } from '../../../lib/time-format';
import { closeJob, deleteJob, fetchJobs, publishJob, recruitKeys, type JobFilter, type JobRow } from '../api';
import { JobShareModal } from '../components/job-share-modal';
import { salaryText } from '../recruitment-rules';
import '../recruitment.css';

const STATUS_COLORS: Record<JobStatus, string> = { draft: 'default', published: 'green', closed: 'red' };

interface JobActions {
  edit: (row: JobRow) => void;
  toggle: (row: JobRow) => void;
  share: (row: JobRow) => void;
  remove: (row: JobRow) => void;
}

function useColumns(actions: JobActions): DataTableColumn<JobRow>[] {
  return [
    {
      title: '职位名称',
      dataIndex: 'name',
      width: 180,
      render: (_, row) => <Link to={recruitPaths.jobDetail(row.jobId)}>{row.name}</Link>,
    },
    { title: '岗位', dataIndex: 'postName', width: 140 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (_, row) => <Tag color={STATUS_COLORS[row.status]}>{JOB_STATUS_LABELS[row.status]}</Tag>,
    },
    { title: '招聘人数', dataIndex: 'headcount', width: 90 },
    {
      title: '应聘/入职',
      dataIndex: 'applicants',
      width: 100,
      render: (_, row) => `${row.applicants} / ${row.hired}`,
    },
    {
      title: '薪资',
      dataIndex: 'salaryMin',
      width: 150,
      render: (_, row) => salaryText(row.salaryMin, row.salaryMax),
    },
    { title: '地点', dataIndex: 'location', width: 100, render: (v) => (v as string | null) ?? '—' },
    {
      title: '发布时间',
      dataIndex: 'publishedAt',
      width: 160,
      render: (v) => formatDateTime(v as number | null),
    },
    {
      title: '操作',
      width: 260,
      fixed: 'right',
      render: (_, row) => (
        <Space size={0} wrap>
          <Link className="ant-btn ant-btn-link" to={recruitPaths.jobDetail(row.jobId)}>
            看板
          </Link>
          <Button type="link" onClick={() => actions.edit(row)}>
            编辑
          </Button>
          <Button type="link" onClick={() => actions.toggle(row)}>
            {row.status === 'published' ? '关闭' : '发布'}
          </Button>
          <Button type="link" disabled={row.status !== 'published'} onClick={() => actions.share(row)}>
            分享
          </Button>
          <Button type="link" danger disabled={row.applicants > 0} onClick={() => actions.remove(row)}>
            删除
          </Button>
        </Space>
      ),
    },
  ];
}

/** /manage/recruitment/job: jobs with their state, publish/close, share link and QR code, delete. */
export default function JobListPage(): ReactNode {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [sharing, setSharing] = useState<JobRow | null>(null);
  const list = useListPage<JobRow, JobFilter>({
    initialFilter: {},
    queryKey: recruitKeys.jobs,
    fetchPage: fetchJobs,
    rowKey: 'jobId',
    invalidate: [recruitKeys.all],
    remove: async (rows) => {
      for (const row of rows) await deleteJob(row.jobId);
    },
    onRemoved: () => message.success('职位已删除'),
  });
  const columns = useColumns({
    edit: (row) => void navigate(recruitPaths.jobEdit(row.jobId)),
    toggle: async (row) => {
      if (row.status === 'published') {
        await closeJob(row.jobId);
        message.success(`「${row.name}」已关闭，不再接受投递`);
      } else {
        await publishJob(row.jobId);
        message.success(`「${row.name}」已发布`);
      }
      await list.refresh();
    },
    share: setSharing,
    remove: (row) =>
      list.confirmDelete([row], {
        title: `删除职位「${row.name}」？`,
        content: '只有没有应聘者的职位可以删除。',
      }),
  });

  return (
    <div className="kp-page">
      <div className="kp-recruit-bar">
        <Input.Search
          placeholder="搜索职位或岗位名称"
          aria-label="搜索职位"
          allowClear
          style={{ width: 240 }}
          onSearch={(value) => list.updateFilter({ keyword: value.trim() || undefined })}
        />
        <Select<JobStatus>
          aria-label="职位状态"
          placeholder="全部状态"
          allowClear
          style={{ width: 120 }}
          onChange={(status) => list.updateFilter({ status })}
          options={JOB_STATUSES.map((s) => ({ value: s, label: JOB_STATUS_LABELS[s] }))}
        />
        <span className="kp-recruit-bar__grow" />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(RECRUIT_MENUS.release)}>
          发布职位
        </Button>
      </div>
      {list.query.isError ? (
        <PageError description="职位加载失败，请稍后重试。" onRetry={() => void list.query.refetch()} />
      ) : (
        <DataTable<JobRow>
          {...list.tableProps}
          selectable={false}
          columns={columns}
          showIndex
          scrollX={1300}
        />
      )}
      <JobShareModal job={sharing} onClose={() => setSharing(null)} />
    </div>
  );
}
