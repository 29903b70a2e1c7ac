import { useState, type ReactNode } from 'react';
import { Button, Input, Modal, Space, Typography } from 'antd';
import { CopyOutlined, ShareAltOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { shareReport } from '../api';
import { copyText } from './exam-qr-modal';

/** 分享: creates a signed link to the report that opens without signing in (report/share). */
export function ShareReportButton({ attemptId }: { attemptId: number }): ReactNode {
  const [open, setOpen] = useState(false);
  const share = useMutation({ mutationFn: () => shareReport(attemptId), onSuccess: () => setOpen(true) });
  return (
    <>
      <Button icon={<ShareAltOutlined />} loading={share.isPending} onClick={() => share.mutate()}>
        分享
      </Button>
      <Modal open={open} title="分享个人报告" footer={null} onCancel={() => setOpen(false)} destroyOnHidden>
        {share.data ? (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Typography.Text type="secondary">
              持有链接的人无需登录即可查看此报告，有效期至{' '}
              {dayjs(share.data.expiresAt).format('YYYY-MM-DD HH:mm')}。
            </Typography.Text>
            <Space.Compact style={{ width: '100%' }}>
              <Input readOnly value={share.data.url} aria-label="分享链接" />
              <Button icon={<CopyOutlined />} onClick={() => void copyText(share.data.url)}>
                复制链接
              </Button>
            </Space.Compact>
            <Typography.Link href={share.data.url} target="_blank" rel="noreferrer">
              打开分享页
            </Typography.Link>
          </Space>
        ) : null}
      </Modal>
    </>
  );
}
