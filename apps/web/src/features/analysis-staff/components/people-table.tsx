import type { ReactNode } from 'react';
import { Button, Card, Input, Select } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { DataTable, useListPage, type DataTableColumn } from '../../../components/data-table';
import { PageError } from '../../../app/page-states';
import { analysisKeys, exportPeople, fetchPeople, type PeopleFilter, type StaffPersonRow } from '../api';
import { figureColumns } from '../../../components/analysis/figures';

/** Where a person's name leads: the staff detail or the profile page. */
export type PersonLink = (userId: number) => string;

function columns(link: PersonLink): DataTableColumn<StaffPersonRow>[] {
  return [
    {
      title: '姓名',
      dataIndex: 'realName',
      width: 110,
      fixed: 'left',
      render: (_v, row) => <Link to={link(row.userId)}>{row.realName}</Link>,
    },
    { title: '工号', dataIndex: 'jobNumber', width: 100, render: (_v, row) => row.jobNumber ?? '—' },
    {
      title: '部门',
      dataIndex: 'departmentName',
      width: 130,
      render: (_v, row) => row.departmentName ?? '—',
    },
    { title: '岗位', dataIndex: 'postName', width: 110, render: (_v, row) => row.postName ?? '—' },
    ...figureColumns<StaffPersonRow>(),
  ];
}

const SORTS = [
  { value: 'name', label: '按姓名' },
  { value: 'hours', label: '学时多者在前' },
  { value: 'passRate', label: '通过率高者在前' },
  { value: 'scoreRate', label: '得分率高者在前' },
];

/**
 * People of the scope with their figures; searchable, sortable and exportable. The scope is read once:
 * key the table by it so a new scope starts a new list.
 */
export function PeopleTable({
  scope,
  link,
  title = '人员明细',
}: {
  scope: PeopleFilter;
  link: PersonLink;
  title?: string;
}): ReactNode {
  const list = useListPage<StaffPersonRow, PeopleFilter, never>({
    initialFilter: scope,
    queryKey: (filter, page, size) => analysisKeys.people(filter, page, size),
    fetchPage: (filter, page, size) => fetchPeople(filter, page, size),
    rowKey: 'userId',
    invalidate: [analysisKeys.all],
  });
  const { updateFilter } = list;
  return (
    <Card size="small" title={title}>
      <div className="kp-analysis-bar">
        <div className="kp-analysis-bar__filters">
          <Input.Search
            allowClear
            placeholder="姓名或工号"
            aria-label="姓名或工号"
            style={{ width: 180 }}
            onSearch={(keyword) => updateFilter({ keyword: keyword.trim() || undefined })}
          />
          <Select
            aria-label="排序"
            value={list.filter.sort ?? 'name'}
            options={SORTS}
            style={{ width: 150 }}
            onChange={(sort: PeopleFilter['sort']) => updateFilter({ sort })}
          />
        </div>
        <Button
          icon={<DownloadOutlined />}
          data-testid="analysis-people-export"
          onClick={() => void exportPeople(list.filter).catch(() => undefined)}
        >
          导出 Excel
        </Button>
      </div>
      {list.query.isError ? (
        <PageError description="人员明细加载失败，请稍后重试。" onRetry={() => void list.query.refetch()} />
      ) : (
        <DataTable<StaffPersonRow>
          {...list.tableProps}
          selectable={false}
          columns={columns(link)}
          scrollX={1100}
          className="kp-analysis-people"
        />
      )}
    </Card>
  );
}
