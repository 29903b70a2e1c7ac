import { useMemo, type ReactNode } from 'react';
import { Card, Table, Typography } from 'antd';
import type { StaffGroupRow, StaffPersonRow } from '@kaopei/shared/contracts/analysis-staff';
import type { DepartmentReport } from '@kaopei/shared/contracts/analysis-report';
import type { ExamAnalysis } from '@kaopei/shared/contracts/exam-analysis';
import { formatDateTime } from '../../../lib/time-format';
import { AnalysisChart, barOption } from '../../../components/analysis/analysis-chart';
import { bandLabels, coef, percent, score1, TIPS } from '../../../components/analysis/analysis-rules';
import { FIGURE_HELP, oneDecimalText, rateText } from '../../../components/analysis/analysis-format';
import { figureColumns, FigureCard, groupColumns } from '../../../components/analysis/figures';
import { GroupTable } from '../../../components/analysis/group-table';
import { Metric } from '../../../components/analysis/metric';
import { GroupChart, TrendChart } from '../../../components/analysis/staff-charts';
import type { ReportData } from '../api';
import { periodText } from '../report-rules';
import '../../../components/analysis/analysis.css';
import '../../../components/analysis/exam-analysis.css';
import '../analysis-report.css';

/**
 * One report as the page previews it and Chromium prints it (the same components: the PDF shows what
 * the page shows). Every figure's label explains it in a tooltip; `print` lists every row of a table.
 */

function ExamFigures({ a }: { a: ExamAnalysis }): ReactNode {
  const s = a.summary;
  return (
    <div className="kp-analysis-metrics" aria-label="考试概况">
      <Metric label="参考人数" tip={TIPS.n} value={`${s.n} / ${a.candidateCount}`} testId="report-exam-n" />
      <Metric label="平均分" tip={TIPS.mean} value={score1(s.mean)} testId="report-exam-mean" />
      <Metric label="中位数" tip={TIPS.median} value={score1(s.median)} />
      <Metric label="标准差" tip={TIPS.sd} value={score1(s.sd)} />
      <Metric label="及格率" tip={TIPS.passRate} value={percent(s.passRate)} testId="report-exam-pass-rate" />
      <Metric label="平均用时（分）" tip={TIPS.minutes} value={score1(a.minutes.mean)} />
      <Metric
        label={`信度（${a.reliability?.method === 'alpha' ? 'α' : 'KR-20'}）`}
        tip={TIPS.reliability}
        value={coef(a.reliability?.value)}
      />
      <Metric label="测量标准误" tip={TIPS.sem} value={score1(a.sem)} />
    </div>
  );
}

function ExamReportView({ a }: { a: ExamAnalysis }): ReactNode {
  const labels = useMemo(() => bandLabels(a.histogram), [a.histogram]);
  const histogram = useMemo(
    () =>
      barOption(
        labels,
        a.histogram.map((b) => b.count),
        '人数',
      ),
    [labels, a.histogram],
  );
  const departments = useMemo(
    () =>
      barOption(
        a.byDepartment.map((g) => g.name),
        a.byDepartment.map((g) => Math.round((g.mean ?? 0) * 10) / 10),
        '平均分',
      ),
    [a.byDepartment],
  );
  return (
    <>
      <Card size="small" title="考试概况">
        <Typography.Paragraph type="secondary">
          满分 {score1(a.fullScore)}，及格线 {score1(a.passScore)}
        </Typography.Paragraph>
        <ExamFigures a={a} />
      </Card>
      <div className="kp-analysis-grid">
        <Card size="small" title="分数分布">
          <AnalysisChart
            option={histogram}
            testId="report-histogram"
            summary={
              a.histogram.map((b, i) => `${labels[i]} 分 ${b.count} 人`).join('，') || '没有已评分的答卷'
            }
          />
        </Card>
        <Card size="small" title="各部门平均分">
          <AnalysisChart
            option={departments}
            testId="report-departments-chart"
            summary={
              a.byDepartment.map((g) => `${g.name} 平均 ${score1(g.mean)} 分`).join('，') || '没有数据'
            }
          />
        </Card>
      </div>
      <Card size="small" title="按部门">
        <GroupTable title="部门" rows={a.byDepartment} />
      </Card>
      <Card size="small" title="按岗位">
        <GroupTable title="岗位" rows={a.byPost} />
      </Card>
    </>
  );
}

function DepartmentFigures({ d }: { d: DepartmentReport }): ReactNode {
  const s = d.statistics;
  return (
    <div className="kp-analysis-figures" aria-label="部门概况">
      <FigureCard
        title="在职人数"
        help={FIGURE_HELP.staffCount}
        value={s.staffCount}
        testId="report-staff-count"
      />
      <FigureCard title="参考人数" help={FIGURE_HELP.examinees} value={s.examinees} />
      <FigureCard title="参考率" help={FIGURE_HELP.participationRate} value={rateText(s.participationRate)} />
      <FigureCard title="考试次数" help={FIGURE_HELP.graded} value={s.graded} testId="report-graded" />
      <FigureCard
        title="通过率"
        help={FIGURE_HELP.passRate}
        value={rateText(s.passRate)}
        testId="report-pass-rate"
      />
      <FigureCard title="平均得分率" help={FIGURE_HELP.scoreRate} value={rateText(s.scoreRate)} />
      <FigureCard title="学时" help={FIGURE_HELP.hours} value={oneDecimalText(s.hours)} suffix="小时" />
      <FigureCard title="完成课程" help={FIGURE_HELP.completions} value={s.completions} />
      <FigureCard
        title="任务完成率"
        help={FIGURE_HELP.taskCompletionRate}
        value={rateText(s.taskCompletionRate)}
      />
    </div>
  );
}

const personColumns = [
  { title: '姓名', key: 'realName', width: 100, render: (_v: unknown, r: StaffPersonRow) => r.realName },
  {
    title: '部门',
    key: 'departmentName',
    width: 120,
    render: (_v: unknown, r: StaffPersonRow) => r.departmentName ?? '—',
  },
  {
    title: '岗位',
    key: 'postName',
    width: 100,
    render: (_v: unknown, r: StaffPersonRow) => r.postName ?? '—',
  },
  ...figureColumns<StaffPersonRow>(),
];

function DepartmentReportView({ d, print }: { d: DepartmentReport; print: boolean }): ReactNode {
  const pagination = print ? false : ({ pageSize: 10, showSizeChanger: false } as const);
  return (
    <>
      <DepartmentFigures d={d} />
      <TrendChart points={d.trend} title="统计期内按月趋势" />
      {d.byDepartment.length > 0 && <GroupChart rows={d.byDepartment} label="部门" />}
      <Card size="small" title="按部门（含下级部门）">
        <Table<StaffGroupRow>
          size="small"
          rowKey={(r) => String(r.refId)}
          dataSource={d.byDepartment}
          columns={groupColumns<StaffGroupRow>('部门')}
          pagination={pagination}
          scroll={print ? undefined : { x: 1000 }}
          aria-label="按部门统计"
        />
      </Card>
      <Card size="small" title="按岗位">
        <Table<StaffGroupRow>
          size="small"
          rowKey={(r) => String(r.refId)}
          dataSource={d.byPost}
          columns={groupColumns<StaffGroupRow>('岗位')}
          pagination={pagination}
          scroll={print ? undefined : { x: 1000 }}
          aria-label="按岗位统计"
        />
      </Card>
      <Card
        size="small"
        title={`人员明细（${d.peopleTotal} 人${d.people.length < d.peopleTotal ? `，预览前 ${d.people.length} 人，导出 Excel 含全部` : ''}）`}
      >
        <Table<StaffPersonRow>
          size="small"
          rowKey="userId"
          dataSource={d.people}
          columns={personColumns}
          pagination={pagination}
          scroll={print ? undefined : { x: 1100 }}
          aria-label="人员明细"
        />
      </Card>
    </>
  );
}

export function ReportView({ data, print = false }: { data: ReportData; print?: boolean }): ReactNode {
  const d = data.department;
  return (
    <div className={`kp-analysis kp-report${print ? ' kp-report--print' : ''}`} data-testid="report-view">
      <header className="kp-report__head">
        <Typography.Title level={4} style={{ margin: 0 }} data-testid="report-title">
          {data.title}
        </Typography.Title>
        <Typography.Text type="secondary">
          {d ? `统计期 ${periodText(d.startDate, d.endDate)}，含下级部门；` : ''}生成于{' '}
          {formatDateTime(data.generatedAt)}
        </Typography.Text>
      </header>
      {data.exam && <ExamReportView a={data.exam} />}
      {d && <DepartmentReportView d={d} print={print} />}
    </div>
  );
}
