import { useState, type ReactNode } from 'react';
import { App, Button, Card, Input, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { MENTAL_STATUS_LABELS, psychPaths, type MentalStatus } from '@kaopei/shared/contracts/psych';
import { DataTable, useListPage, type DataTableColumn } from '../../../components/data-table';
import { PageError } from '../../../app/page-states';
import { formatWindow } from '../../../lib/time-format';
import { deleteMentalExam, fetchMentalExams, psychKeys, type MentalExamRow } from '../api';
import { MentalFormDrawer } from '../components/mental-form-drawer';
import '../psych.css';

type Filter = { keyword?: string | undefined };
const STATUS_COLORS: Record<MentalStatus, string> = { pending: 'default', open: 'green', ended: 'red' };

function columns(
  onEdit: (row: MentalExamRow) => void,
  onDelete: (row: MentalExamRow) => void,
): DataTableColumn<MentalExamRow>[] {
  return [
    { title: '测评名称', dataIndex: 'name' },
    { title: '量表', dataIndex: 'scaleName' },
    { title: '时间', key: 'window', width: 230, render: (_v, row) => formatWindow(row.startAt, row.endAt) },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (_v, row) => <Tag color={STATUS_COLORS[row.status]}>{MENTAL_STATUS_LABELS[row.status]}</Tag>,
    },
    { title: '方式', key: 'anonymous', width: 80, render: (_v, row) => (row.anonymous ? '匿名' : '实名') },
    {
      title: '完成 / 参加',
      key: 'taken',
      width: 110,
      render: (_v, row) => `${row.takenCount} / ${row.memberCount}`,
    },
    {
      title: '操作',
      key: 'actions',
      width: 190,
      fixed: 'right',
      render: (_v, row) => (
        <Space size={0}>
          <Link
            to={psychPaths.results(row.mentalExamId)}
            className="kp-psych-link"
            aria-label={`查看「${row.name}」的结果`}
          >
            结果
          </Link>
          <Button type="link" size="small" onClick={() => onEdit(row)} aria-label={`编辑「${row.name}」`}>
            编辑
          </Button>
          <Button
            type="link"
            size="small"
            danger
            onClick={() => onDelete(row)}
            aria-label={`删除「${row.name}」`}
          >
            删除
          </Button>
        </Space>
      ),
    },
  ];
}

/** /manage/exam/mental: scheduled mental exams, and 安排心理测评. */
export default function MentalListPage(): ReactNode {
  const { message } = App.useApp();
  const [keyword, setKeyword] = useState('');
  const [drawer, setDrawer] = useState<{ open: boolean; exam: MentalExamRow | null }>({
    open: false,
    exam: null,
  });
  const list = useListPage<MentalExamRow, Filter>({
    initialFilter: {},
    queryKey: (filter, page, size) => psychKeys.exams(filter.keyword, page, size),
    fetchPage: (filter, page, size) => fetchMentalExams(filter.keyword, page, size),
    rowKey: 'mentalExamId',
    invalidate: [psychKeys.all],
    remove: ([row]) => deleteMentalExam((row as MentalExamRow).mentalExamId),
    onRemoved: (_r, [row]) => message.success(`已删除「${row?.name ?? ''}」`),
  });
  const confirmDelete = (row: MentalExamRow) =>
    list.confirmDelete([row], {
      title: `删除「${row.name}」？`,
      content: `${row.takenCount} 份作答与结果将一并删除，此操作不可撤销。`,
    });
  return (
    <div className="kp-page">
      <Card size="small">
        <div className="kp-psych-bar">
          <Input.Search
            allowClear
            placeholder="测评或量表名称"
            aria-label="测评或量表名称"
            style={{ width: 220 }}
            value={keyword}
            onChange={(event) => setKeyword(event.target.value)}
            onSearch={(value) => list.updateFilter({ keyword: value.trim() || undefined })}
          />
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setDrawer({ open: true, exam: null })}
          >
            安排心理测评
          </Button>
        </div>
        {list.query.isError ? (
          <PageError description="心理测评加载失败，请稍后重试。" onRetry={() => void list.query.refetch()} />
        ) : (
          <DataTable<MentalExamRow>
            {...list.tableProps}
            selectable={false}
            columns={columns((exam) => setDrawer({ open: true, exam }), confirmDelete)}
            scrollX={1000}
          />
        )}
      </Card>
      <MentalFormDrawer
        open={drawer.open}
        exam={drawer.exam}
        onClose={() => setDrawer({ open: false, exam: null })}
      />
    </div>
  );
}
