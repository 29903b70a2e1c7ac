import { useState, type ReactNode } from 'react';
import { Button, Card, Descriptions, Form, Input, Select, Tag, TreeSelect, Typography } from 'antd';
import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { TARGET_METRIC_LABELS } from '@kaopei/shared';
import { DataTable, useListPage, type DataTableColumn } from '../../../components/data-table';
import { FilterButtons } from '../../../components/filter-buttons';
import { useDepartmentTree } from '../../../components/use-department-tree';
import { PageError, PageLoading } from '../../../app/page-states';
import {
  exportPeople,
  fetchByDepartment,
  fetchPeople,
  fetchTarget,
  fetchTrend,
  targetKeys,
  type PeopleFilter,
  type TargetDetail,
  type TargetPerson,
} from '../api';
import { DepartmentChart, TrendChart } from '../components/target-charts';
import { levelColor, percentText, periodText, valueText } from '../target-format';
import '../study-target.css';

function peopleColumns(target: TargetDetail): DataTableColumn<TargetPerson>[] {
  return [
    { title: '姓名', dataIndex: 'realName', width: 120 },
    { title: '工号', dataIndex: 'jobNumber', width: 120, render: (_v, row) => row.jobNumber ?? '—' },
    { title: '部门', dataIndex: 'departmentName', render: (_v, row) => row.departmentName ?? '—' },
    {
      title: `完成${TARGET_METRIC_LABELS[target.metric]}`,
      dataIndex: 'value',
      width: 140,
      render: (_v, row) => valueText(target.metric, row.value),
    },
    { title: '达成率', dataIndex: 'percent', width: 100, render: (_v, row) => percentText(row.percent) },
    {
      title: '等级',
      dataIndex: 'levelName',
      width: 100,
      render: (_v, row) => <Tag color={levelColor(row.level, target.levels.length)}>{row.levelName}</Tag>,
    },
  ];
}

function PeopleFilterForm({
  target,
  onSearch,
}: {
  target: TargetDetail;
  onSearch: (filter: PeopleFilter) => void;
}): ReactNode {
  const { treeData } = useDepartmentTree();
  return (
    <Form<PeopleFilter>
      layout="inline"
      name="kp-target-people-filter"
      aria-label="人员筛选"
      onFinish={(values) => onSearch({ ...values, keyword: values.keyword?.trim() || undefined })}
    >
      <Form.Item name="departmentId">
        <TreeSelect
          allowClear
          treeDefaultExpandAll
          treeData={treeData}
          placeholder="部门（含下级）"
          aria-label="部门"
          style={{ width: 200 }}
        />
      </Form.Item>
      <Form.Item name="level">
        <Select
          allowClear
          placeholder="等级"
          aria-label="等级"
          style={{ width: 120 }}
          options={target.levels.map((l, index) => ({ value: index, label: l.name }))}
        />
      </Form.Item>
      <Form.Item name="keyword">
        <Input allowClear placeholder="姓名或工号" aria-label="姓名或工号" style={{ width: 160 }} />
      </Form.Item>
      <FilterButtons icon={<SearchOutlined />} onReset={() => onSearch({})} />
    </Form>
  );
}

function PeopleTable({ target }: { target: TargetDetail }): ReactNode {
  const list = useListPage<TargetPerson, PeopleFilter, never>({
    initialFilter: {},
    queryKey: (filter, page, size) => targetKeys.people(target.targetId, filter, page, size),
    fetchPage: (filter, page, size) => fetchPeople(target.targetId, filter, page, size),
    rowKey: 'userId',
    invalidate: [targetKeys.all],
  });
  return (
    <Card size="small" title="人员明细（达成率低者在前）">
      <div className="kp-target-bar">
        <PeopleFilterForm
          target={target}
          onSearch={(filter) =>
            list.updateFilter({ departmentId: undefined, level: undefined, keyword: undefined, ...filter })
          }
        />
        <Button
          icon={<DownloadOutlined />}
          onClick={() => void exportPeople(target.targetId, list.filter, target.name).catch(() => undefined)}
        >
          导出
        </Button>
      </div>
      {list.query.isError ? (
        <PageError description="人员明细加载失败，请稍后重试。" onRetry={() => void list.query.refetch()} />
      ) : (
        <DataTable<TargetPerson>
          {...list.tableProps}
          selectable={false}
          columns={peopleColumns(target)}
          scrollX={800}
          className="kp-target-people"
        />
      )}
    </Card>
  );
}

function Charts({ targetId }: { targetId: number }): ReactNode {
  const trend = useQuery({ queryKey: targetKeys.trend(targetId), queryFn: () => fetchTrend(targetId) });
  const byDepartment = useQuery({
    queryKey: targetKeys.byDepartment(targetId),
    queryFn: () => fetchByDepartment(targetId),
  });
  return (
    <div className="kp-target-charts">
      {trend.data ? <TrendChart trend={trend.data} /> : trend.isError ? <PageError /> : <PageLoading />}
      {byDepartment.data ? (
        <DepartmentChart data={byDepartment.data} />
      ) : byDepartment.isError ? (
        <PageError />
      ) : (
        <PageLoading />
      )}
    </div>
  );
}

/** /manage/study/target/chart?targetId=: how far the target's people are, over time and by department. */
export default function TargetChartPage(): ReactNode {
  const [params] = useSearchParams();
  const targetId = Number(params.get('targetId'));
  const valid = Number.isInteger(targetId) && targetId > 0;
  const target = useQuery({
    queryKey: targetKeys.detail(targetId),
    queryFn: () => fetchTarget(targetId),
    enabled: valid,
  });
  const [, setTick] = useState(0);
  if (!valid) return <PageError description="缺少目标编号。" />;
  if (target.isError)
    return <PageError description="学习目标加载失败或不存在。" onRetry={() => setTick((n) => n + 1)} />;
  if (!target.data) return <PageLoading />;
  const t = target.data;
  return (
    <div className="kp-page">
      <Card size="small">
        <Typography.Title level={2} style={{ fontSize: 18, marginTop: 0 }}>
          {t.name}
        </Typography.Title>
        <Descriptions size="small" column={{ xs: 1, md: 3 }}>
          <Descriptions.Item label="周期">{periodText(t.startDate, t.endDate)}</Descriptions.Item>
          <Descriptions.Item label="指标">{TARGET_METRIC_LABELS[t.metric]}</Descriptions.Item>
          <Descriptions.Item label="每人目标">{valueText(t.metric, t.targetValue)}</Descriptions.Item>
          <Descriptions.Item label="范围">{t.scopeSummary || '—'}</Descriptions.Item>
          <Descriptions.Item label="人数">{t.peopleCount}</Descriptions.Item>
          <Descriptions.Item label="分级">
            {t.levels.map((l) => `${l.name} ≥ ${l.threshold}%`).join('，')}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Charts targetId={t.targetId} />
      <PeopleTable target={t} />
    </div>
  );
}
