import type { ReactNode } from 'react';
import { Descriptions, Drawer, Rate, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { recruitPaths } from '@kaopei/shared/contracts/recruitment';
import { PageLoading } from '../../../app/page-states';
import { fetchApplicant, recruitKeys, type ApplicationRow } from '../api';
import { stageLabel, testText } from '../recruitment-rules';
import { ApplicationCard } from './application-history';

/** The decision: test score, rating, tags, the interview scorecards and the moves of one application. */
export function DecisionDrawer({
  row,
  onClose,
}: {
  row: ApplicationRow | null;
  onClose: () => void;
}): ReactNode {
  const detail = useQuery({
    queryKey: recruitKeys.applicant(row?.applicantId ?? 0),
    queryFn: () => fetchApplicant(row?.applicantId ?? 0),
    enabled: row !== null,
  });
  const application = detail.data?.applications.find((a) => a.applicationId === row?.applicationId);
  return (
    <Drawer
      open={row !== null}
      title={`${row?.name ?? ''} · ${row?.jobName ?? ''}`}
      size="large"
      onClose={onClose}
    >
      {row ? (
        <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
          <Descriptions.Item label="阶段">{stageLabel(row.stage)}</Descriptions.Item>
          <Descriptions.Item label="笔试成绩">{testText(row) ?? '未安排笔试'}</Descriptions.Item>
          <Descriptions.Item label="评分">
            {row.rating ? <Rate disabled value={row.rating} /> : '—'}
          </Descriptions.Item>
          <Descriptions.Item label="标签">
            {row.tags.length ? row.tags.map((t) => <Tag key={t}>{t}</Tag>) : '—'}
          </Descriptions.Item>
          <Descriptions.Item label="简历">
            <Link to={recruitPaths.resume(row.applicantId)}>查看简历</Link>
          </Descriptions.Item>
        </Descriptions>
      ) : null}
      {detail.isPending ? (
        <PageLoading />
      ) : application ? (
        <ApplicationCard application={application} />
      ) : null}
    </Drawer>
  );
}
