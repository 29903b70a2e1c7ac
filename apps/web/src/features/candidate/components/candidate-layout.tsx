import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { LearnerShell } from '../../../app/layout/learner-shell';
import '../candidate.css';

/** The candidate's pages (/m/**): mobile-first, one column, no admin chrome. */
export function CandidateLayout(): ReactNode {
  return (
    <LearnerShell>
      <Outlet />
    </LearnerShell>
  );
}
