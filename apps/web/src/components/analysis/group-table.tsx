import { useContext, type ReactNode } from 'react';
import { Table } from 'antd';
import type { GroupSummary } from '@kaopei/shared/contracts/exam-analysis';
import { percent, score1, TIPS } from './analysis-rules';
import { Explained } from '../explained';
import { ChartPrintContext } from '../lazy-chart';

/** Score figures by department or post (every row when printed, ten a page on screen). */
export function GroupTable({ title, rows }: { title: string; rows: GroupSummary[] }): ReactNode {
  const printing = useContext(ChartPrintContext);
  return (
    <Table<GroupSummary>
      rowKey="name"
      size="small"
      pagination={!printing && rows.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
      dataSource={rows}
      scroll={{ x: 560 }}
      aria-label={`按${title}统计`}
      columns={[
        { title, dataIndex: 'name' },
        { title: <Explained label="人数" tip={TIPS.groupCount} />, dataIndex: 'n', width: 80 },
        {
          title: <Explained label="平均分" tip={TIPS.mean} />,
          dataIndex: 'mean',
          width: 100,
          render: score1,
        },
        {
          title: <Explained label="中位数" tip={TIPS.median} />,
          dataIndex: 'median',
          width: 100,
          render: score1,
        },
        { title: <Explained label="标准差" tip={TIPS.sd} />, dataIndex: 'sd', width: 100, render: score1 },
        {
          title: <Explained label="及格率" tip={TIPS.passRate} />,
          dataIndex: 'passRate',
          width: 100,
          render: percent,
        },
      ]}
    />
  );
}
