import type { ReactNode } from 'react';
import { Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { difficultyFromB } from '@kaopei/shared';
import { Explained } from '../../../../components/explained';
import type { CalibrationRow } from '../api';
import { discriminationLabel, fixed } from '../irt-rules';

const head = (title: string, tip: string) => <Explained label={title} tip={tip} />;

const columns: ColumnsType<CalibrationRow> = [
  { title: '试题', dataIndex: 'stem', ellipsis: true },
  {
    title: head('区分度 a', '题目特征曲线在难度处的陡峭程度：越大越能区分能力高低相近的考生；括号内为标准误'),
    dataIndex: 'a',
    width: 150,
    render: (_, row) => (
      <Tooltip title={`区分度 ${discriminationLabel(row.a)}；标准误 ${fixed(row.seA)}`}>
        <span>
          {fixed(row.a)}（±{fixed(row.seA)}）
        </span>
      </Tooltip>
    ),
  },
  {
    title: head('难度 b', '答对概率为 50% 的能力值（能力按考生总体标准化，0 为平均）；括号内为标准误'),
    dataIndex: 'b',
    width: 150,
    render: (_, row) => (
      <Tooltip title={`能力为 ${fixed(row.b)} 的考生有一半的机会答对；标准误 ${fixed(row.seB)}`}>
        <span>
          {fixed(row.b)}（±{fixed(row.seB)}）
        </span>
      </Tooltip>
    ),
  },
  {
    title: head('校准难度', '难度 b 换算到题库的 1–10 难度：b = 0 为 5，每 1 个能力单位约 1.5 级'),
    width: 100,
    render: (_, row) => (
      <Tooltip title={`题目原设难度 ${row.difficulty}，按作答校准为 ${difficultyFromB(row.b)}`}>
        <span>
          {difficultyFromB(row.b)}（原 {row.difficulty}）
        </span>
      </Tooltip>
    ),
  },
  {
    title: head('作答数 n', '参与校准的已评分作答份数（每次交卷算一份）'),
    dataIndex: 'n',
    width: 90,
  },
  {
    title: head('满分率', '得满分的作答所占比例（经典难度 p 值）'),
    dataIndex: 'pValue',
    width: 90,
    render: (value: number) => `${Math.round(value * 100)}%`,
  },
  {
    title: '说明',
    dataIndex: 'notes',
    render: (notes: string[]) =>
      notes.length === 0 ? (
        <Tag color="success">拟合良好</Tag>
      ) : (
        notes.map((note) => (
          <Tag key={note} color="warning" style={{ whiteSpace: 'normal' }}>
            {note}
          </Tag>
        ))
      ),
  },
];

/** The bank's calibrated questions, ordered by difficulty; a click chooses the question of the ICC. */
export function CalibrationTable({
  rows,
  total,
  page,
  size,
  loading,
  selectedId,
  onPage,
  onSelect,
}: {
  rows: CalibrationRow[];
  total: number;
  page: number;
  size: number;
  loading: boolean;
  selectedId: number | null;
  onPage: (page: number, size: number) => void;
  onSelect: (row: CalibrationRow) => void;
}): ReactNode {
  return (
    <Table<CalibrationRow>
      rowKey="questionId"
      size="small"
      scroll={{ x: 900 }}
      columns={columns}
      dataSource={rows}
      loading={loading}
      rowSelection={{
        type: 'radio',
        selectedRowKeys: selectedId === null ? [] : [selectedId],
        onChange: (_, selected) => selected[0] && onSelect(selected[0]),
        columnTitle: '曲线',
      }}
      onRow={(row) => ({ onClick: () => onSelect(row) })}
      pagination={{
        current: page + 1,
        pageSize: size,
        total,
        showSizeChanger: true,
        showTotal: (n) => `共 ${n} 题`,
        onChange: (p, s) => onPage(p - 1, s),
      }}
    />
  );
}
