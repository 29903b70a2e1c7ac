import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ExamPublicReportPage } from '../features/exam/routes';
import { RecruitReportPage } from '../features/recruit-join/routes';
import type { AppRouteObject } from './route-handle';

/**
 * /report?token= serves two signed links (spec §2 names one public /report): an exam's shared personal
 * report (token `<base64url payload>.<mac>`, modules/exam) and recruitment's external report for a
 * hiring manager (token `<applicationId>.<expires>.<mac>`, modules/recruitment/report-signing.ts).
 * Neither part holds a dot of its own, so the number of parts tells them apart; anything else (a
 * missing or mangled token) goes to the exam's page, which has always answered for /report.
 */
export function reportKindOf(token: string): 'exam' | 'recruit' {
  return /^\d+\.\d+\.[^.]+$/.test(token) ? 'recruit' : 'exam';
}

function PublicReportRoute(): ReactNode {
  const token = useSearchParams()[0].get('token') ?? '';
  return reportKindOf(token) === 'recruit' ? <RecruitReportPage /> : <ExamPublicReportPage />;
}

export const publicReportRoutes: AppRouteObject[] = [
  { path: '/report', Component: PublicReportRoute, handle: { title: '报告', public: true } },
];
