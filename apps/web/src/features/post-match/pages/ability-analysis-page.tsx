import { useMemo, useState, type ReactNode } from 'react';
import { Button, Card, Drawer, Segmented, Space, Table, Tag, TreeSelect, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDepartmentTree } from '../../../components/use-department-tree';
import { toast } from '../../../lib/feedback';
import { PageEmpty, PageError, PageLoading } from '../../../app/page-states';
import {
  exportHeatmap,
  fetchHeatmap,
  fetchHeatmapPeople,
  postMatchKeys,
  type Heatmap,
  type HeatmapCell,
  type HeatmapGroup,
  type HeatmapPerson,
} from '../api';
import { MatchChart } from '../components/match-chart';
import type { EChartsCoreOption } from '../components/echarts-setup';
import { levelText } from '../match-format';
import '../post-match.css';

type Metric = 'level' | 'met';

interface Drill {
  rowId: number;
  rowName: string;
  abilityId: number;
  abilityName: string;
}

const cellKey = (rowId: number, abilityId: number) => `${rowId}:${abilityId}`;

function chartOption(map: Heatmap, metric: Metric, cells: Map<string, HeatmapCell>): EChartsCoreOption {
  const data: [number, number, number | '-'][] = [];
  map.rows.forEach((row, y) =>
    map.abilities.forEach((ability, x) => {
      const cell = cells.get(cellKey(row.rowId, ability.abilityId));
      const value = metric === 'met' ? cell?.metRate : cell?.averageLevel;
      data.push([x, y, value ?? '-']);
    }),
  );
  return {
    tooltip: { position: 'top' },
    grid: { left: 140, right: 24, top: 16, bottom: 110 },
    xAxis: {
      type: 'category',
      data: map.abilities.map((a) => a.name),
      axisLabel: { rotate: 45, interval: 0 },
    },
    yAxis: { type: 'category', data: map.rows.map((r) => r.name), inverse: true },
    visualMap: {
      min: metric === 'met' ? 0 : 1,
      max: metric === 'met' ? 100 : 5,
      calculable: true,
      orient: 'horizontal',
      left: 'center',
      bottom: 0,
      inRange: { color: ['#d73027', '#fee08b', '#1a9850'] },
    },
    series: [
      {
        type: 'heatmap',
        data,
        label: { show: map.abilities.length <= 20 && map.rows.length <= 30 },
        emphasis: { itemStyle: { borderColor: '#333', borderWidth: 1 } },
      },
    ],
  };
}

/** 能力分析: a heat map of abilities × departments or × posts, drill down to people, export to Excel. */
export default function AbilityAnalysisPage(): ReactNode {
  const [groupBy, setGroupBy] = useState<HeatmapGroup>('department');
  const [metric, setMetric] = useState<Metric>('level');
  const [departmentId, setDepartmentId] = useState<number>();
  const [drill, setDrill] = useState<Drill | null>(null);
  const [exporting, setExporting] = useState(false);
  const query = { groupBy, departmentId };
  const { treeData } = useDepartmentTree();
  const map = useQuery({
    queryKey: postMatchKeys.heatmap(query),
    queryFn: () => fetchHeatmap(query),
    placeholderData: keepPreviousData,
  });
  const cells = useMemo(
    () => new Map((map.data?.cells ?? []).map((c) => [cellKey(c.rowId, c.abilityId), c])),
    [map.data],
  );
  const shownMetric: Metric = groupBy === 'post' ? metric : 'level';
  const option = useMemo(
    () => (map.data ? chartOption(map.data, shownMetric, cells) : null),
    [map.data, shownMetric, cells],
  );

  const openCell = (rowIndex: number, abilityIndex: number) => {
    const row = map.data?.rows[rowIndex];
    const ability = map.data?.abilities[abilityIndex];
    if (row && ability)
      setDrill({
        rowId: row.rowId,
        rowName: row.name,
        abilityId: ability.abilityId,
        abilityName: ability.name,
      });
  };
  const runExport = async () => {
    setExporting(true);
    try {
      await exportHeatmap(query);
    } catch {
      toast.error('导出失败');
    } finally {
      setExporting(false);
    }
  };

  const hasData = !!map.data && map.data.rows.length > 0 && map.data.abilities.length > 0;
  return (
    <div className="kp-match">
      <Card size="small">
        <Space wrap>
          <Segmented<HeatmapGroup>
            aria-label="分组方式"
            value={groupBy}
            options={[
              { value: 'department', label: '能力 × 部门' },
              { value: 'post', label: '能力 × 岗位' },
            ]}
            onChange={setGroupBy}
          />
          {groupBy === 'post' ? (
            <Segmented<Metric>
              aria-label="指标"
              value={metric}
              options={[
                { value: 'level', label: '平均有效等级' },
                { value: 'met', label: '达标率' },
              ]}
              onChange={setMetric}
            />
          ) : null}
          <TreeSelect
            aria-label="部门范围"
            style={{ width: 220 }}
            allowClear
            placeholder="全部部门"
            treeDefaultExpandAll
            value={departmentId}
            onChange={(value: number | undefined) => setDepartmentId(value)}
            treeData={treeData}
          />
          <Button
            icon={<DownloadOutlined />}
            loading={exporting}
            disabled={!hasData}
            onClick={() => void runExport()}
          >
            导出 Excel
          </Button>
        </Space>
        <Typography.Paragraph type="secondary" className="kp-match__note">
          单元格为在职人员的平均有效等级（1–5 级，考试 70% + 经理评定 30%；只计已测评的人）。按岗位分组时，
          达标率 = 有效等级达到岗位要求的在岗人数 ÷ 在岗人数（未测评计为未达标）。点击单元格查看人员。
        </Typography.Paragraph>
      </Card>
      {map.isLoading ? (
        <PageLoading />
      ) : map.isError ? (
        <PageError onRetry={() => void map.refetch()} />
      ) : !hasData || !map.data || !option ? (
        <PageEmpty description="还没有能力数据：能力库、岗位与测评结果建立后显示" />
      ) : (
        <>
          <Card size="small" title="热力图">
            <MatchChart
              option={option}
              testId="ability-heatmap"
              height={Math.max(320, map.data.rows.length * 28 + 140)}
              summary={`能力热力图：${map.data.rows.length} 行 × ${map.data.abilities.length} 项能力`}
              onItemClick={(value) => {
                if (Array.isArray(value)) openCell(Number(value[1]), Number(value[0]));
              }}
            />
          </Card>
          <MatrixTable map={map.data} cells={cells} metric={shownMetric} onOpen={openCell} />
        </>
      )}
      <DrillDrawer groupBy={groupBy} drill={drill} onClose={() => setDrill(null)} />
    </div>
  );
}

/** The same matrix as a table: readable without the chart, each cell a button that drills down. */
function MatrixTable({
  map,
  cells,
  metric,
  onOpen,
}: {
  map: Heatmap;
  cells: Map<string, HeatmapCell>;
  metric: Metric;
  onOpen: (rowIndex: number, abilityIndex: number) => void;
}): ReactNode {
  type Row = Heatmap['rows'][number] & { index: number };
  return (
    <Card size="small" title="数据矩阵">
      <Table<Row>
        size="small"
        rowKey="rowId"
        dataSource={map.rows.map((r, index) => ({ ...r, index }))}
        scroll={{ x: 200 + map.abilities.length * 96 }}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        columns={[
          { title: map.groupBy === 'post' ? '岗位' : '部门', dataIndex: 'name', fixed: 'left', width: 180 },
          { title: '人数', dataIndex: 'peopleCount', width: 64 },
          ...map.abilities.map((ability, abilityIndex) => ({
            title: ability.name,
            key: ability.abilityId,
            width: 96,
            render: (_: unknown, row: Row) => {
              const cell = cells.get(cellKey(row.rowId, ability.abilityId));
              const value = metric === 'met' ? cell?.metRate : cell?.averageLevel;
              const text =
                value === null || value === undefined ? '—' : metric === 'met' ? `${value}%` : String(value);
              return (
                <Button
                  type="link"
                  size="small"
                  aria-label={`${row.name} ${ability.name}：${text}，查看人员`}
                  onClick={() => onOpen(row.index, abilityIndex)}
                >
                  {text}
                  {cell && cell.measuredCount > 0 ? (
                    <Typography.Text type="secondary"> ({cell.measuredCount})</Typography.Text>
                  ) : null}
                </Button>
              );
            },
          })),
        ]}
      />
    </Card>
  );
}

function DrillDrawer({
  groupBy,
  drill,
  onClose,
}: {
  groupBy: HeatmapGroup;
  drill: Drill | null;
  onClose: () => void;
}): ReactNode {
  const [paging, setPaging] = useState({ page: 0, size: 20 });
  const query = drill ? { groupBy, rowId: drill.rowId, abilityId: drill.abilityId, ...paging } : null;
  const people = useQuery({
    queryKey: postMatchKeys.drill(query ?? { rowId: 0, abilityId: 0 }),
    queryFn: () => fetchHeatmapPeople(query!),
    enabled: query !== null,
  });
  return (
    <Drawer
      open={drill !== null}
      onClose={() => {
        setPaging({ page: 0, size: 20 });
        onClose();
      }}
      title={drill ? `${drill.rowName} · ${drill.abilityName}` : ''}
      width={640}
    >
      {people.isError ? (
        <PageError onRetry={() => void people.refetch()} />
      ) : (
        <Table<HeatmapPerson>
          rowKey="userId"
          size="small"
          loading={people.isFetching}
          dataSource={people.data?.data ?? []}
          locale={{ emptyText: '没有在职人员' }}
          pagination={{
            current: paging.page + 1,
            pageSize: paging.size,
            total: people.data?.total ?? 0,
            showTotal: (n) => `共 ${n} 人`,
            onChange: (page, size) => setPaging({ page: page - 1, size }),
          }}
          columns={[
            { title: '姓名', dataIndex: 'realName' },
            { title: '部门', dataIndex: 'departmentName', render: (v: string | null) => v ?? '—' },
            { title: '岗位', dataIndex: 'postName', render: (v: string | null) => v ?? '—' },
            { title: '考试', dataIndex: 'examLevel', render: (v: number | null) => levelText(v) },
            { title: '评定', dataIndex: 'ratingLevel', render: (v: number | null) => levelText(v) },
            { title: '有效等级', dataIndex: 'level', render: (v: number | null) => levelText(v) },
            ...(groupBy === 'post'
              ? [
                  {
                    title: '要求',
                    key: 'met',
                    render: (_: unknown, p: HeatmapPerson) =>
                      p.requiredLevel === null ? (
                        '—'
                      ) : (
                        <Tag color={p.met ? 'green' : 'red'}>
                          {p.requiredLevel} 级 {p.met ? '达标' : '未达标'}
                        </Tag>
                      ),
                  },
                ]
              : []),
          ]}
        />
      )}
    </Drawer>
  );
}
