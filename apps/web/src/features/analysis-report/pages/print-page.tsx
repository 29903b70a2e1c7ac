import { useEffect, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { ChartPrintContext } from '../../../components/lazy-chart';
import { fetchPrintReport } from '../api';
import { definitionFromParams } from '../report-rules';
import { ReportView } from '../components/report-view';

/** Whether every chart on the page has drawn (or given up). */
const chartsSettled = () => document.querySelector('[data-chart-status="loading"]') === null;

/**
 * /print/analysis/report: the report alone, for the server's Chromium to print to PDF (outside the admin
 * layout, no session: the data is read with the export's signed token). Marks `data-print-ready` once
 * the data is shown and every chart has drawn, or with the reason when it cannot show the report.
 */
export default function PrintReportPage(): ReactNode {
  const [params] = useSearchParams();
  const definition = definitionFromParams(params);
  const token = params.get('token') ?? '';
  const report = useQuery({
    queryKey: ['analysis-report', 'print', params.toString()],
    queryFn: () => fetchPrintReport(definition!, token),
    enabled: definition !== null && token !== '',
    retry: false,
  });
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    if (!report.data) return undefined;
    const timer = window.setInterval(() => {
      if (chartsSettled()) {
        window.clearInterval(timer);
        setDrawn(true);
      }
    }, 100);
    return () => window.clearInterval(timer);
  }, [report.data]);

  if (!definition || !token || report.isError)
    return <p data-print-ready="error">报告无法打印：打印链接无效或已过期，请重新导出 PDF</p>;
  if (!report.data) return <p>正在生成报告…</p>;
  return (
    <main className="kp-report-print" data-print-ready={drawn ? 'true' : undefined}>
      <ChartPrintContext.Provider value>
        <ReportView data={report.data} print />
      </ChartPrintContext.Provider>
    </main>
  );
}
