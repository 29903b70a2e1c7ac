import type { ReactNode } from 'react';
import { Button, Input, Modal, QRCode, Space, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { QR_CODE_SIZE } from '@kaopei/shared';
import { fetchJobLink, recruitKeys } from '../api';
import { copyText } from './copy-text';

/** A job's public link and its QR code (300×300) for applicants on the phone, plus the list of all jobs. */
export function JobShareModal({
  job,
  onClose,
}: {
  job: { jobId: number; name: string } | null;
  onClose: () => void;
}): ReactNode {
  const jobId = job?.jobId ?? 0;
  const link = useQuery({
    queryKey: recruitKeys.jobLink(jobId),
    queryFn: () => fetchJobLink(jobId),
    enabled: job !== null,
  });
  return (
    <Modal
      open={job !== null}
      title={`分享「${job?.name ?? ''}」`}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      width={420}
    >
      <div className="kp-recruit-qr">
        <QRCode
          value={link.data?.url ?? '-'}
          size={QR_CODE_SIZE}
          status={link.isPending ? 'loading' : link.isError ? 'expired' : 'active'}
          onRefresh={() => void link.refetch()}
          data-testid="job-qr"
        />
        <Typography.Text type="secondary">应聘者用手机扫码即可查看职位并投递简历</Typography.Text>
        <Space.Compact className="kp-recruit-qr__url">
          <Input readOnly value={link.data?.url ?? ''} aria-label="职位链接" />
          <Button
            icon={<CopyOutlined />}
            disabled={!link.data}
            onClick={() => link.data && void copyText(link.data.url)}
          >
            复制
          </Button>
        </Space.Compact>
        <Space.Compact className="kp-recruit-qr__url">
          <Input readOnly value={link.data?.listUrl ?? ''} aria-label="全部职位链接" />
          <Button disabled={!link.data} onClick={() => link.data && void copyText(link.data.listUrl)}>
            复制全部职位
          </Button>
        </Space.Compact>
      </div>
    </Modal>
  );
}
