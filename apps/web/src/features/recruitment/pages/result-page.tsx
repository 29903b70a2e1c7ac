import { useState, type ReactNode } from 'react';
import { App, Button, Input, Select, Space } from 'antd';
import { DataTable, useListPage, type DataTableColumn } from '../../../components/data-table';
import { PageError } from '../../../app/page-states';
import {
  createReportLink,
  fetchApplications,
  recruitKeys,
  type ApplicationFilter,
  type ApplicationRow,
} from '../api';
import { applicationColumns, ApplicantSearch, JobFilterSelect } from '../components/application-table';
import { copyText } from '../components/copy-text';
import { DecisionDrawer } from '../components/decision-drawer';
import { HireDialog } from '../components/hire-dialog';
import '../recruitment.css';

const DECIDED_STAGES = [
  { value: 'offer', label: 'offer' },
  { value: 'hired', label: '入职' },
  { value: 'rejected', label: '淘汰' },
] as const;

function useActions(open: (row: ApplicationRow) => void, hireRow: (row: ApplicationRow) => void) {
  const { modal } = App.useApp();
  const report = async (row: ApplicationRow) => {
    const link = await createReportLink(row.applicationId, 7);
    modal.info({
      title: `「${row.name}」的外部报告`,
      content: (
        <Space.Compact style={{ width: '100%' }}>
          <Input readOnly value={link.url} aria-label="外部报告链接" />
          <Button onClick={() => void copyText(link.url)}>复制</Button>
        </Space.Compact>
      ),
      okText: '关闭',
    });
    await copyText(link.url, '报告链接已复制，7 天内有效');
  };
  const column: DataTableColumn<ApplicationRow> = {
    title: '操作',
    width: 220,
    fixed: 'right',
    render: (_, row) => (
      <Space size={0}>
        <Button type="link" onClick={() => open(row)}>
          查看
        </Button>
        <Button type="link" disabled={row.stage !== 'offer'} onClick={() => hireRow(row)}>
          录用
        </Button>
        <Button type="link" onClick={() => void report(row)}>
          外部报告
        </Button>
      </Space>
    ),
  };
  return column;
}

/** /manage/recruitment/staff/result: offer, hired and rejected applicants; the decision, hire, report link. */
export default function ResultPage(): ReactNode {
  const list = useListPage<ApplicationRow, ApplicationFilter>({
    initialFilter: { decided: '1' },
    queryKey: recruitKeys.applications,
    fetchPage: fetchApplications,
    rowKey: 'applicationId',
    invalidate: [recruitKeys.all],
  });
  const [viewing, setViewing] = useState<ApplicationRow | null>(null);
  const [hiring, setHiring] = useState<ApplicationRow | null>(null);
  const actions = useActions(setViewing, setHiring);
  return (
    <div className="kp-page">
      <div className="kp-recruit-bar">
        <ApplicantSearch onSearch={(keyword) => list.updateFilter({ keyword })} />
        <JobFilterSelect onChange={(jobId) => list.updateFilter({ jobId })} />
        <Select
          aria-label="结果"
          placeholder="全部结果"
          allowClear
          style={{ width: 120 }}
          onChange={(stage?: 'offer' | 'hired' | 'rejected') => list.updateFilter({ stage })}
          options={DECIDED_STAGES.map((s) => ({ ...s }))}
        />
      </div>
      {list.query.isError ? (
        <PageError onRetry={() => void list.query.refetch()} />
      ) : (
        <DataTable<ApplicationRow>
          {...list.tableProps}
          selectable={false}
          columns={applicationColumns(false, [actions])}
          showIndex
          scrollX={1500}
        />
      )}
      <DecisionDrawer row={viewing} onClose={() => setViewing(null)} />
      <HireDialog row={hiring} onClose={() => setHiring(null)} />
    </div>
  );
}
