import type { ReactNode } from 'react';
import { Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { Link } from 'react-router';
import type { ItemStatsView, OptionStatsView } from '../api';
import {
  coef,
  flagColor,
  flagLabel,
  percent,
  score1,
  TIPS,
} from '../../../components/analysis/analysis-rules';
import { Explained } from '../../../components/explained';
import { analysisPaths } from './use-exam-analysis';

const coefColumn = (label: string, tip: string, key: keyof ItemStatsView, width = 96) => ({
  title: <Explained label={label} tip={tip} />,
  dataIndex: key,
  width,
  sorter: (a: ItemStatsView, b: ItemStatsView) => Number(a[key] ?? -9) - Number(b[key] ?? -9),
  render: (value: number | null) => coef(value),
});

export function itemColumns(): TableColumnsType<ItemStatsView> {
  return [
    { title: '题号', dataIndex: 'no', width: 60, fixed: 'left' },
    { title: '题型', dataIndex: 'typeLabel', width: 80 },
    {
      title: '题干',
      dataIndex: 'stem',
      width: 240,
      render: (stem: string) => <Typography.Text ellipsis={{ tooltip: stem }}>{stem}</Typography.Text>,
    },
    { title: '分值', dataIndex: 'maxPoints', width: 70, render: score1 },
    { title: <Explained label="人数" tip={TIPS.n} />, dataIndex: 'n', width: 80 },
    coefColumn('难度 P', TIPS.p, 'p'),
    coefColumn('区分度 D', TIPS.discrimination, 'discrimination', 110),
    coefColumn('高分组', TIPS.pUpper, 'pUpper'),
    coefColumn('低分组', TIPS.pLower, 'pLower'),
    coefColumn('点双列', TIPS.pointBiserial, 'pointBiserial'),
    coefColumn('校正题总', TIPS.corrected, 'correctedItemTotal', 110),
    {
      title: <Explained label="空答率" tip={TIPS.blankRate} />,
      dataIndex: 'blankRate',
      width: 96,
      render: percent,
    },
    {
      title: <Explained label="用时（秒）" tip={TIPS.meanSeconds} />,
      dataIndex: 'meanSeconds',
      width: 110,
      render: (value: number | null) => (value === null ? '—' : Math.round(value)),
    },
    {
      title: <Explained label="需复核" tip={TIPS.flags} />,
      dataIndex: 'flags',
      width: 180,
      render: (flags: string[]) => (
        <Space size={[0, 4]} wrap>
          {flags.map((flag) => (
            <Tag key={flag} color={flagColor(flag)}>
              {flagLabel(flag)}
            </Tag>
          ))}
        </Space>
      ),
    },
    {
      title: '操作',
      key: 'edit',
      width: 100,
      fixed: 'right',
      render: (_v, row) =>
        row.bankId === null ? (
          <Typography.Text type="secondary">已删除</Typography.Text>
        ) : (
          <Link
            to={analysisPaths.editQuestion(row.bankId, row.questionId)}
            aria-label={`编辑试题（第 ${row.no} 题）`}
          >
            编辑试题
          </Link>
        ),
    },
  ];
}

/** The options of one choice question: who chose each, from which score group. */
export function OptionTable({ options }: { options: OptionStatsView[] }): ReactNode {
  return (
    <Table<OptionStatsView>
      rowKey="index"
      size="small"
      pagination={false}
      dataSource={options}
      aria-label="选项分析"
      title={() => <Explained label="选项分析" tip={TIPS.options} />}
      columns={[
        {
          title: '选项',
          dataIndex: 'label',
          width: 70,
          render: (label: string, row) => (
            <Space size={4}>
              {label}
              {row.correct ? <Tag color="green">答案</Tag> : null}
            </Space>
          ),
        },
        { title: '内容', dataIndex: 'content' },
        { title: '人数', dataIndex: 'count', width: 70 },
        { title: '比例', dataIndex: 'share', width: 80, render: percent },
        { title: '高分组', dataIndex: 'upper', width: 80 },
        { title: '中间组', dataIndex: 'middle', width: 80 },
        { title: '低分组', dataIndex: 'lower', width: 80 },
      ]}
    />
  );
}
