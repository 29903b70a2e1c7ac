/**
 * A page-wide status (error, warning, info) with its title, explanation and actions: what antd's Result
 * showed for the always-loaded page states, without the ~9 kB of Result in the entry (issue 14 point 8).
 */
import type { ReactNode } from 'react';
import { CloseCircleFilled, ExclamationCircleFilled, InfoCircleFilled } from '@ant-design/icons';

export type StatusKind = 'error' | 'warning' | 'info';

const ICONS: Record<StatusKind, ReactNode> = {
  error: <CloseCircleFilled />,
  warning: <ExclamationCircleFilled />,
  info: <InfoCircleFilled />,
};

export function StatusResult({
  status,
  title,
  subTitle,
  extra,
}: {
  status: StatusKind;
  title: ReactNode;
  subTitle?: ReactNode;
  /** Buttons under the text. */
  extra?: ReactNode;
}): ReactNode {
  return (
    <div className={`kp-status kp-status--${status}`}>
      <div className="kp-status__icon" aria-hidden="true">
        {ICONS[status]}
      </div>
      <div className="kp-status__title">{title}</div>
      {subTitle ? <div className="kp-status__subtitle">{subTitle}</div> : null}
      {extra ? <div className="kp-status__extra">{extra}</div> : null}
    </div>
  );
}
