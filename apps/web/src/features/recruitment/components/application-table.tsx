import type { ReactNode } from 'react';
import { Dropdown, Button, Input, Rate, Select, Space, Tag } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { APPLICANT_SOURCE_LABELS, MOVABLE_STAGES, RECRUIT_STAGES, type RecruitStage } from '@kaopei/shared';
import { recruitPaths } from '@kaopei/shared/contracts/recruitment';
import type { DataTableColumn } from '../../../components/data-table';
import { formatDateTime } from '../../../lib/time-format';
import { useQuery } from '@tanstack/react-query';
import { fetchJobs, recruitKeys, type ApplicationRow } from '../api';
import { stageLabel, testText } from '../recruitment-rules';

/** Columns of an application list; `inJob`: inside a job's page (résumé link keeps the job). */
export function applicationColumns(
  inJob: boolean,
  extra: DataTableColumn<ApplicationRow>[] = [],
): DataTableColumn<ApplicationRow>[] {
  return [
    {
      title: '姓名',
      dataIndex: 'name',
      width: 100,
      render: (_, row) => (
        <Link
          to={
            inJob ? recruitPaths.jobResume(row.applicantId, row.jobId) : recruitPaths.resume(row.applicantId)
          }
        >
          {row.name}
        </Link>
      ),
    },
    ...(inJob
      ? []
      : [{ title: '职位', dataIndex: 'jobName', width: 160 } as DataTableColumn<ApplicationRow>]),
    { title: '阶段', dataIndex: 'stage', width: 80, render: (_, row) => <Tag>{stageLabel(row.stage)}</Tag> },
    { title: '手机号', dataIndex: 'phone', width: 120 },
    { title: '学校', dataIndex: 'school', width: 140, render: (v) => (v as string | null) ?? '—' },
    { title: '学历', dataIndex: 'degree', width: 70, render: (v) => (v as string | null) ?? '—' },
    { title: '笔试', dataIndex: 'testScore', width: 120, render: (_, row) => testText(row) ?? '—' },
    {
      title: '评分',
      dataIndex: 'rating',
      width: 130,
      render: (_, row) => (row.rating ? <Rate disabled value={row.rating} style={{ fontSize: 12 }} /> : '—'),
    },
    {
      title: '来源',
      dataIndex: 'source',
      width: 110,
      render: (_, row) => APPLICANT_SOURCE_LABELS[row.source],
    },
    { title: '投递时间', dataIndex: 'appliedAt', width: 150, render: (v) => formatDateTime(v as number) },
    ...extra,
  ];
}

export function StageFilter({
  onChange,
}: {
  onChange: (stage: RecruitStage | undefined) => void;
}): ReactNode {
  return (
    <Select<RecruitStage>
      aria-label="阶段"
      placeholder="全部阶段"
      allowClear
      style={{ width: 120 }}
      onChange={onChange}
      options={RECRUIT_STAGES.map((s) => ({ value: s, label: stageLabel(s) }))}
    />
  );
}

/** 批量移动到… for the selected rows of a table. */
export function BulkMoveButton({
  count,
  onMove,
}: {
  count: number;
  onMove: (to: RecruitStage) => void;
}): ReactNode {
  return (
    <Dropdown
      disabled={count === 0}
      trigger={['click']}
      menu={{
        items: MOVABLE_STAGES.map((s) => ({ key: s, label: stageLabel(s) })),
        onClick: ({ key }) => onMove(key as RecruitStage),
      }}
    >
      <Button>
        <Space>
          批量移动到…{count ? `（${count}）` : ''}
          <DownOutlined />
        </Space>
      </Button>
    </Dropdown>
  );
}

/** The applicant lists' search box (name, phone or school). */
export function ApplicantSearch({
  onSearch,
}: {
  onSearch: (keyword: string | undefined) => void;
}): ReactNode {
  return (
    <Input.Search
      placeholder="姓名、手机号或学校"
      aria-label="搜索应聘者"
      allowClear
      style={{ width: 220 }}
      onSearch={(value) => onSearch(value.trim() || undefined)}
    />
  );
}

/** A select of the organisation's jobs (the first 200) to filter a list by. */
export function JobFilterSelect({ onChange }: { onChange: (jobId: number | undefined) => void }): ReactNode {
  const jobs = useQuery({ queryKey: recruitKeys.jobs({}, 0, 200), queryFn: () => fetchJobs({}, 0, 200) });
  return (
    <Select<number>
      aria-label="职位"
      placeholder="全部职位"
      allowClear
      showSearch
      optionFilterProp="label"
      style={{ width: 200 }}
      onChange={onChange}
      options={(jobs.data?.data ?? []).map((j) => ({ value: j.jobId, label: j.name }))}
    />
  );
}
