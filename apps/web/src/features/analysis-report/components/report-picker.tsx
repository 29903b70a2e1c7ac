import { useState, type ReactNode } from 'react';
import { Button, DatePicker, Segmented, Select, TreeSelect } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { previousMonthPeriod } from '@kaopei/shared';
import { REPORT_KIND_LABELS, REPORT_KINDS, type ReportKind } from '@kaopei/shared/contracts/analysis-report';
import { useDepartmentTree } from '../../../components/use-department-tree';
import { analysisKeys as examKeys, fetchAnalysedExams } from '../../exam-analysis/api';
import type { ReportDefinitionIn } from '../api';

/** The exams a report can be of: those with graded attempts (the exam analysis' list), newest first. */
export function ExamSelect({
  value,
  onChange,
  id,
}: {
  value?: number | undefined;
  onChange?: (examId: number | undefined) => void;
  id?: string;
}): ReactNode {
  const [keyword, setKeyword] = useState('');
  const exams = useQuery({
    queryKey: examKeys.exams(keyword || undefined, 0, 50),
    queryFn: () => fetchAnalysedExams(keyword || undefined, 0, 50),
  });
  return (
    <Select
      id={id}
      allowClear
      value={value}
      onChange={(examId: number | undefined) => onChange?.(examId)}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      loading={exams.isFetching}
      options={(exams.data?.data ?? []).map((e) => ({ value: e.examId, label: e.name }))}
      placeholder="搜索并选择考试"
      aria-label="考试"
      data-testid="report-exam"
      style={{ width: 260 }}
    />
  );
}

export function DepartmentSelect({
  value,
  onChange,
  id,
}: {
  value?: number | undefined;
  onChange?: (departmentId: number | undefined) => void;
  id?: string;
}): ReactNode {
  const { treeData } = useDepartmentTree();
  return (
    <TreeSelect
      id={id}
      allowClear
      treeDefaultExpandAll
      value={value}
      onChange={(departmentId: number | undefined) => onChange?.(departmentId ?? undefined)}
      treeData={treeData}
      placeholder="选择部门（含下级）"
      aria-label="部门"
      data-testid="report-department"
      style={{ width: 220 }}
    />
  );
}

const lastMonth = () => {
  const { startDate, endDate } = previousMonthPeriod(new Date());
  return [dayjs(startDate), dayjs(endDate)] as [Dayjs, Dayjs];
};

/** Kind, exam or department, and period; 预览 shows the report (the page keeps it in the URL). */
export function ReportPicker({
  initial,
  onPreview,
}: {
  initial: ReportDefinitionIn | null;
  onPreview: (definition: ReportDefinitionIn) => void;
}): ReactNode {
  const [kind, setKind] = useState<ReportKind>(initial?.kind ?? 'exam');
  const [examId, setExamId] = useState(initial?.kind === 'exam' ? Number(initial.examId) : undefined);
  const [departmentId, setDepartmentId] = useState(
    initial?.kind === 'department' ? Number(initial.departmentId) : undefined,
  );
  const [period, setPeriod] = useState<[Dayjs, Dayjs]>(
    initial?.startDate && initial.endDate ? [dayjs(initial.startDate), dayjs(initial.endDate)] : lastMonth,
  );
  const definition: ReportDefinitionIn | null =
    kind === 'exam'
      ? examId
        ? { kind, examId }
        : null
      : departmentId
        ? {
            kind,
            departmentId,
            startDate: period[0].format('YYYY-MM-DD'),
            endDate: period[1].format('YYYY-MM-DD'),
          }
        : null;
  return (
    <div className="kp-report-toolbar">
      <div className="kp-report-toolbar__field">
        <span aria-hidden>报告类型</span>
        <Segmented<ReportKind>
          aria-label="报告类型"
          value={kind}
          onChange={setKind}
          options={REPORT_KINDS.map((k) => ({ value: k, label: REPORT_KIND_LABELS[k] }))}
        />
      </div>
      {kind === 'exam' ? (
        <div className="kp-report-toolbar__field">
          <label htmlFor="report-exam">考试</label>
          <ExamSelect id="report-exam" value={examId} onChange={setExamId} />
        </div>
      ) : (
        <>
          <div className="kp-report-toolbar__field">
            <label htmlFor="report-department">部门</label>
            <DepartmentSelect id="report-department" value={departmentId} onChange={setDepartmentId} />
          </div>
          <div className="kp-report-toolbar__field">
            <label htmlFor="report-period">统计期</label>
            <DatePicker.RangePicker
              id={{ start: 'report-period' }}
              allowClear={false}
              value={period}
              onChange={(range) => range?.[0] && range[1] && setPeriod([range[0], range[1]])}
              aria-label="统计期"
            />
          </div>
        </>
      )}
      <Button
        type="primary"
        icon={<EyeOutlined />}
        disabled={!definition}
        onClick={() => definition && onPreview(definition)}
      >
        预览
      </Button>
    </div>
  );
}
