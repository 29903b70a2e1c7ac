import type { ReactNode } from 'react';
import { Tooltip } from 'antd';
import { QuestionCircleOutlined } from '@ant-design/icons';

/**
 * A label with the explanation of its figure in a tooltip: focusable, so the tooltip opens from the
 * keyboard too, and the explanation is part of its accessible name.
 */
export function Explained({ label, tip }: { label: string; tip: string }): ReactNode {
  return (
    <Tooltip title={tip}>
      <span tabIndex={0} aria-label={`${label}：${tip}`} className="kp-explained">
        {label} <QuestionCircleOutlined aria-hidden style={{ fontSize: 12, color: '#595959' }} />
      </span>
    </Tooltip>
  );
}
