import { useState, type ReactNode } from 'react';
import { Button, Card, Space, Tabs } from 'antd';
import { FileExcelOutlined, FilePdfOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { reportQueryString } from '@kaopei/shared/contracts/analysis-report';
import { PageEmpty, PageError, PageLoading } from '../../../app/page-states';
import { exportReportExcel, exportReportPdf, fetchReport, reportKeys, type ReportDefinitionIn } from '../api';
import { definitionFromParams } from '../report-rules';
import { ReportPicker } from '../components/report-picker';
import { ReportView } from '../components/report-view';
import { ScheduleTab } from '../components/schedule-tab';

function ExportButtons({ definition, title }: { definition: ReportDefinitionIn; title: string }): ReactNode {
  const [busy, setBusy] = useState<'excel' | 'pdf' | null>(null);
  const run = (kind: 'excel' | 'pdf') => {
    setBusy(kind);
    const work = kind === 'excel' ? exportReportExcel(definition, title) : exportReportPdf(definition, title);
    void work.catch(() => undefined).finally(() => setBusy(null));
  };
  return (
    <Space wrap>
      <Button icon={<FileExcelOutlined />} loading={busy === 'excel'} onClick={() => run('excel')}>
        导出 Excel
      </Button>
      <Button icon={<FilePdfOutlined />} loading={busy === 'pdf'} onClick={() => run('pdf')}>
        导出 PDF
      </Button>
    </Space>
  );
}

function Preview({ definition }: { definition: ReportDefinitionIn }): ReactNode {
  const report = useQuery({
    queryKey: reportKeys.report(definition),
    queryFn: () => fetchReport(definition),
  });
  if (report.isPending) return <PageLoading />;
  if (report.isError) return <PageError description="报告加载失败" onRetry={() => void report.refetch()} />;
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Card size="small">
        <div className="kp-analysis-bar">
          <span className="kp-analysis-summary">导出的 Excel 含报告的每张表；PDF 与下方预览相同。</span>
          <ExportButtons definition={definition} title={report.data.title} />
        </div>
      </Card>
      <ReportView data={report.data} />
    </Space>
  );
}

function PreviewTab(): ReactNode {
  const [params, setParams] = useSearchParams();
  const definition = definitionFromParams(params);
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Card size="small">
        <ReportPicker
          key={definition ? reportQueryString(definition) : 'none'}
          initial={definition}
          onPreview={(next) => setParams(new URLSearchParams(reportQueryString(next)))}
        />
      </Card>
      {definition ? (
        <Preview key={reportQueryString(definition)} definition={definition} />
      ) : (
        <PageEmpty description="选择考试，或部门与统计期，然后点击预览" />
      )}
    </Space>
  );
}

/** /manage/analysis/report: 分析报告 — preview, export (Excel, PDF) and monthly sending. */
export default function ReportPage(): ReactNode {
  return (
    <div className="kp-page">
      <Tabs
        items={[
          { key: 'preview', label: '报告预览', children: <PreviewTab /> },
          { key: 'schedules', label: '定时发送', children: <ScheduleTab /> },
        ]}
      />
    </div>
  );
}
