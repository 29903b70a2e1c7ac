import { analysisReportSchedules } from '../schema';
import { need, type Demo } from './demo';

/** The demo's scheduled report (issue 19, 分析报告): 技术部's report of last month, on the 1st, to the admin. */
export const DEMO_REPORT_SCHEDULE = '技术部月度报告';

export async function seedDemoAnalysisReports(demo: Demo): Promise<void> {
  const admin = need(demo.people, 'admin');
  await demo.db.insert(analysisReportSchedules).values({
    organizationId: demo.organizationId,
    name: DEMO_REPORT_SCHEDULE,
    kind: 'department',
    departmentId: need(demo.departments, '技术部'),
    dayOfMonth: 1,
    recipientIds: [admin],
    createdBy: admin,
  });
}
