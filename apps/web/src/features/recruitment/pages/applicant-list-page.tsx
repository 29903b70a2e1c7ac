import { useState, type ReactNode } from 'react';
import { Button, Select } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { APPLICANT_SOURCES, APPLICANT_SOURCE_LABELS, type ApplicantSource } from '@kaopei/shared';
import { DataTable, useListPage } from '../../../components/data-table';
import { PageError } from '../../../app/page-states';
import { fetchApplications, recruitKeys, type ApplicationFilter, type ApplicationRow } from '../api';
import {
  applicationColumns,
  BulkMoveButton,
  ApplicantSearch,
  JobFilterSelect,
  StageFilter,
} from '../components/application-table';
import { AddApplicantModal } from '../components/add-applicant-modal';
import { MessageModal } from '../components/message-modal';
import { useMoveApplications } from '../components/use-move';
import '../recruitment.css';

/** /manage/recruitment/staff: every applicant of every job, filtered, with bulk moves and messages. */
export default function ApplicantListPage(): ReactNode {
  const list = useListPage<ApplicationRow, ApplicationFilter>({
    initialFilter: {},
    queryKey: recruitKeys.applications,
    fetchPage: fetchApplications,
    rowKey: 'applicationId',
    invalidate: [recruitKeys.all],
  });
  const move = useMoveApplications(null, list.clearSelection);
  const [messaging, setMessaging] = useState<number[] | null>(null);
  const [adding, setAdding] = useState(false);
  const ids = list.selectedRows.map((r) => r.applicationId);
  return (
    <div className="kp-page">
      <div className="kp-recruit-bar">
        <ApplicantSearch onSearch={(keyword) => list.updateFilter({ keyword })} />
        <JobFilterSelect onChange={(jobId) => list.updateFilter({ jobId })} />
        <StageFilter onChange={(stage) => list.updateFilter({ stage })} />
        <Select<ApplicantSource>
          aria-label="来源"
          placeholder="全部来源"
          allowClear
          style={{ width: 140 }}
          onChange={(source) => list.updateFilter({ source })}
          options={APPLICANT_SOURCES.map((s) => ({ value: s, label: APPLICANT_SOURCE_LABELS[s] }))}
        />
        <BulkMoveButton count={ids.length} onMove={(to) => move(ids, to)} />
        <Button disabled={ids.length === 0} onClick={() => setMessaging(ids)}>
          发送消息
        </Button>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          添加应聘者
        </Button>
      </div>
      {list.query.isError ? (
        <PageError onRetry={() => void list.query.refetch()} />
      ) : (
        <DataTable<ApplicationRow>
          {...list.tableProps}
          columns={applicationColumns(false)}
          showIndex
          scrollX={1300}
        />
      )}
      <MessageModal applicationIds={messaging} onClose={() => setMessaging(null)} />
      <AddApplicantModal open={adding} onClose={() => setAdding(false)} />
    </div>
  );
}
