import type { ReactNode } from 'react';
import { Button, Input, Modal, QRCode, Space, Typography } from 'antd';
import { QR_CODE_SIZE } from '@kaopei/shared';
import type { CampusRow } from '../api';
import { copyText } from './copy-text';

/** The sign-up QR code (300×300) of a campus session, for the slides of the talk. */
export function CampusQrModal({ row, onClose }: { row: CampusRow | null; onClose: () => void }): ReactNode {
  return (
    <Modal
      open={row !== null}
      title={`${row?.school ?? ''} 报名二维码`}
      footer={null}
      onCancel={onClose}
      width={420}
    >
      {row ? (
        <div className="kp-recruit-qr">
          <QRCode value={row.url} size={QR_CODE_SIZE} data-testid="campus-qr" />
          <Typography.Text type="secondary">学生扫码查看职位并投递简历</Typography.Text>
          <Space.Compact className="kp-recruit-qr__url">
            <Input readOnly value={row.url} aria-label="报名链接" />
            <Button onClick={() => void copyText(row.url)}>复制</Button>
          </Space.Compact>
        </div>
      ) : null}
    </Modal>
  );
}
