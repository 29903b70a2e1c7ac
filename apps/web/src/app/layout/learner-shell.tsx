import type { ReactNode } from 'react';

/**
 * The learner's pages' frame (/m/**). Apart from the header (learner-header.tsx) because the route
 * layouts that use it load with the app's entry, and the header's menu and dropdown must not.
 */
export function LearnerShell({ children }: { children: ReactNode }): ReactNode {
  return <div className="kp-m">{children}</div>;
}
