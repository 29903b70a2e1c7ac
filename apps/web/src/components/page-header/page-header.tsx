import type { ReactNode } from 'react';
import { Typography } from 'antd';
import './page-header.css';

export interface PageHeaderProps {
  title: ReactNode;
  /** One line under the title: what the page is for. */
  description?: ReactNode;
  /** Buttons on the right of the title. */
  actions?: ReactNode;
}

/**
 * The one page header of the admin pages: title, optional description, optional actions. The /manage
 * layout draws it for every page from the route's handle (title, description), so pages do not add their
 * own; pages outside that layout (the message centre) use it directly.
 */
export function PageHeader({ title, description, actions }: PageHeaderProps): ReactNode {
  return (
    <header className="kp-page-header">
      <div className="kp-page-header__text">
        <Typography.Title level={3} className="kp-page-header__title">
          {title}
        </Typography.Title>
        {description ? (
          <Typography.Text type="secondary" className="kp-page-header__description">
            {description}
          </Typography.Text>
        ) : null}
      </div>
      {actions ? <div className="kp-page-header__actions">{actions}</div> : null}
    </header>
  );
}
