import type { ReactNode } from 'react';
import { Alert } from 'antd';
import { Link } from 'react-router';
import { AUDIT_MENU } from '../../question/api';

/**
 * The picker offers approved questions only: say how many matching ones wait for audit, so an empty
 * list is not a mystery, and link those who may audit to the audit page.
 */
export function PendingAuditNote({ count, mayAudit }: { count: number; mayAudit: boolean }): ReactNode {
  if (count <= 0) return null;
  return (
    <Alert
      type="info"
      showIcon
      className="kp-picker__pending"
      data-testid="picker-pending"
      title={
        <>
          另有 {count} 道试题待审核，审核通过后可选用
          {mayAudit ? (
            <>
              ，<Link to={AUDIT_MENU}>去审核</Link>
            </>
          ) : (
            '，请联系审核人员'
          )}
        </>
      }
    />
  );
}
