import { useState, type ReactNode } from 'react';
import { Button, Card, Empty, Input, Space, Table, Tag } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { psychPaths } from '@kaopei/shared/contracts/psych';
import { PageError } from '../../../app/page-states';
import { formatDateTime } from '../../../lib/time-format';
import { exportPersonResults, fetchPersonResults, psychKeys, type PersonResultRow } from '../api';
import { ExamPicker, useChosenExam } from '../components/exam-picker';
import { scoreText } from '../psych-rules';
import '../psych.css';

const PAGE_SIZE = 20;

function Interpretations({ row }: { row: PersonResultRow }): ReactNode {
  return (
    <ul className="kp-psych-interpretations">
      {row.scores.map((s) => (
        <li key={s.key}>
          <strong>{s.name}</strong>：{scoreText(s)}，{s.interpretation ?? '（该分数不在任何等级内）'}
        </li>
      ))}
    </ul>
  );
}

function PeopleTable({ mentalExamId }: { mentalExamId: number }): ReactNode {
  const [page, setPage] = useState(0);
  const [keyword, setKeyword] = useState<string | undefined>();
  const [exporting, setExporting] = useState(false);
  const people = useQuery({
    queryKey: psychKeys.people(mentalExamId, keyword, page, PAGE_SIZE),
    queryFn: () => fetchPersonResults(mentalExamId, keyword, page, PAGE_SIZE),
  });
  if (people.isError) return <PageError onRetry={() => void people.refetch()} />;
  const rows = people.data?.data ?? [];
  const dims = rows[0]?.scores ?? [];
  const anonymous = rows.length > 0 && rows[0]?.realName === null && rows[0]?.label.startsWith('匿名');
  const exportAll = async () => {
    setExporting(true);
    try {
      await exportPersonResults(mentalExamId, '心理测评');
    } finally {
      setExporting(false);
    }
  };
  return (
    <>
      <div className="kp-psych-bar">
        <Input.Search
          allowClear
          placeholder="姓名或账号"
          aria-label="姓名或账号"
          style={{ width: 200 }}
          onSearch={(v) => {
            setPage(0);
            setKeyword(v.trim() || undefined);
          }}
        />
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportAll()}>
          导出 Excel
        </Button>
      </div>
      <Table<PersonResultRow>
        size="small"
        rowKey="responseId"
        loading={people.isFetching}
        dataSource={rows}
        expandable={{ expandedRowRender: (row) => <Interpretations row={row} />, expandRowByClick: false }}
        pagination={{
          current: page + 1,
          pageSize: PAGE_SIZE,
          total: people.data?.total ?? 0,
          onChange: (p) => setPage(p - 1),
          showSizeChanger: false,
        }}
        scroll={{ x: 600 + dims.length * 140 }}
        columns={[
          { title: anonymous ? '编号' : '姓名', dataIndex: 'label', width: 110, fixed: 'left' },
          ...(anonymous
            ? []
            : [
                {
                  title: '部门',
                  dataIndex: 'departmentName',
                  width: 120,
                  render: (v: string | null) => v ?? '未分配部门',
                },
              ]),
          {
            title: anonymous ? '提交日期' : '提交时间',
            dataIndex: 'submittedAt',
            width: 150,
            render: (v: number) => (anonymous ? formatDateTime(v).slice(0, 10) : formatDateTime(v)),
          },
          ...dims.map((d, index) => ({
            title: d.name,
            key: d.key,
            width: 140,
            render: (_v: unknown, row: PersonResultRow) => {
              const s = row.scores[index];
              return s ? (
                <span>
                  {s.score} {s.level ? <Tag>{s.level}</Tag> : null}
                </span>
              ) : (
                '-'
              );
            },
          })),
        ]}
      />
    </>
  );
}

/** /manage/exam/psy_result/person: each person's scores, levels and interpretations (its own grant). */
export default function PersonResultPage(): ReactNode {
  const [mentalExamId, choose] = useChosenExam();
  return (
    <div className="kp-page">
      <Card size="small">
        <Space wrap style={{ marginBottom: 12 }}>
          <ExamPicker value={mentalExamId} onChange={choose} />
          {mentalExamId ? <Link to={psychPaths.results(mentalExamId)}>查看群体结果</Link> : null}
        </Space>
        {mentalExamId ? (
          <PeopleTable key={mentalExamId} mentalExamId={mentalExamId} />
        ) : (
          <Empty description="请选择心理测评" />
        )}
      </Card>
    </div>
  );
}
