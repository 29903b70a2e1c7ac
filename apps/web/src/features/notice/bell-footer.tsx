import type { ReactNode } from 'react';
import { Link, useInRouterContext } from 'react-router';
import './bell-footer.css';

export const MESSAGE_BOX_PATH = '/personal/message';

/** '查看全部' under the bell's list, leading to the message box. */
export function BellFooter(): ReactNode {
  // The bell is also rendered outside a router (component tests); fall back to a plain link there.
  const inRouter = useInRouterContext();
  return (
    <div className="kp-bell__footer">
      {inRouter ? (
        <Link to={MESSAGE_BOX_PATH} data-testid="bell-view-all">
          查看全部
        </Link>
      ) : (
        <a href={MESSAGE_BOX_PATH} data-testid="bell-view-all">
          查看全部
        </a>
      )}
    </div>
  );
}
