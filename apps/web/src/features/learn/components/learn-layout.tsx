import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { LearnerShell } from '../../../app/layout/learner-shell';
import '../learn.css';

/** The course pages' frame: the learner's shell (shared with 我的考试). */
export function LearnLayout(): ReactNode {
  return (
    <LearnerShell>
      <Outlet />
    </LearnerShell>
  );
}
