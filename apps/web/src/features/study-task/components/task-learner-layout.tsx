import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { LearnerShell } from '../../../app/layout/learner-shell';

/** The task pages' frame: the learner's shell (shared with 我的考试 and 我的课程). */
export function TaskLearnerLayout(): ReactNode {
  return (
    <LearnerShell>
      <Outlet />
    </LearnerShell>
  );
}
