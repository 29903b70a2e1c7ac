import { useState, type ReactNode } from 'react';
import { App, Button, Card, Input, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { DataTable, useListPage, type DataTableColumn } from '../../../components/data-table';
import { PageError } from '../../../app/page-states';
import { formatDateTime } from '../../../lib/time-format';
import { deleteScale, fetchScales, psychKeys, type ScaleRow } from '../api';
import { scaleEditPath } from '../psych-rules';
import '../psych.css';

type Filter = { keyword?: string | undefined };

function columns(onDelete: (row: ScaleRow) => void): DataTableColumn<ScaleRow>[] {
  return [
    {
      title: '量表名称',
      dataIndex: 'name',
      render: (_v, row) => <Link to={scaleEditPath(row.scaleId)}>{row.name}</Link>,
    },
    { title: '维度', key: 'dimensions', render: (_v, row) => row.dimensionNames.join('、') },
    { title: '题数', dataIndex: 'itemCount', width: 70 },
    { title: '选项数', dataIndex: 'points', width: 80 },
    { title: '已安排测评', dataIndex: 'examCount', width: 100 },
    {
      title: '更新时间',
      dataIndex: 'updatedAt',
      width: 150,
      render: (_v, row) => formatDateTime(row.updatedAt),
    },
    {
      title: '操作',
      key: 'actions',
      width: 130,
      fixed: 'right',
      render: (_v, row) => (
        <Space size={0}>
          <Link
            to={scaleEditPath(row.scaleId)}
            aria-label={`编辑量表「${row.name}」`}
            className="kp-psych-link"
          >
            编辑
          </Link>
          <Button
            type="link"
            size="small"
            danger
            onClick={() => onDelete(row)}
            aria-label={`删除量表「${row.name}」`}
          >
            删除
          </Button>
        </Space>
      ),
    },
  ];
}

/** /manage/pmt/list: the organisation's psychological scales. */
export default function ScaleListPage(): ReactNode {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const list = useListPage<ScaleRow, Filter>({
    initialFilter: {},
    queryKey: (filter, page, size) => psychKeys.scales(filter.keyword, page, size),
    fetchPage: (filter, page, size) => fetchScales(filter.keyword, page, size),
    rowKey: 'scaleId',
    invalidate: [psychKeys.all],
    remove: ([row]) => deleteScale((row as ScaleRow).scaleId),
    onRemoved: (_r, [row]) => message.success(`已删除量表「${row?.name ?? ''}」`),
  });
  const confirmDelete = (row: ScaleRow) =>
    list.confirmDelete([row], {
      title: `删除量表「${row.name}」？`,
      content: '已安排的心理测评保留安排时的量表副本及全部结果，不受影响。',
    });
  return (
    <div className="kp-page">
      <Card size="small">
        <div className="kp-psych-bar">
          <Input.Search
            allowClear
            placeholder="量表名称"
            aria-label="量表名称"
            style={{ width: 220 }}
            value={keyword}
            onChange={(event) => setKeyword(event.target.value)}
            onSearch={(value) => list.updateFilter({ keyword: value.trim() || undefined })}
          />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(scaleEditPath())}>
            新建量表
          </Button>
        </div>
        {list.query.isError ? (
          <PageError description="量表加载失败，请稍后重试。" onRetry={() => void list.query.refetch()} />
        ) : (
          <DataTable<ScaleRow>
            {...list.tableProps}
            selectable={false}
            columns={columns(confirmDelete)}
            scrollX={900}
          />
        )}
      </Card>
    </div>
  );
}
