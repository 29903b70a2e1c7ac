import { useState, type ReactNode } from 'react';
import { Button, Input, Modal, QRCode, Segmented, Space, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { QR_CODE_SIZE } from '@kaopei/shared';
import { toast } from '../../../lib/feedback';
import { examKeys, fetchExamLink } from '../api';

/** The spec's two variants of the exam link (§7): the exam itself, or its instructions page. */
export const LINK_TYPES: { value: 1 | 2; label: string }[] = [
  { value: 1, label: '考试链接' },
  { value: 2, label: '考试说明链接' },
];

export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success('链接已复制');
  } catch {
    toast.warning('无法访问剪贴板，请手动复制链接');
  }
}

/** The exam's QR code (300×300, antd QRCode) and link, in either variant, with a copy button. */
export function ExamQrModal({
  exam,
  onClose,
}: {
  exam: { examId: number; name: string } | null;
  onClose: () => void;
}): ReactNode {
  const [type, setType] = useState<1 | 2>(1);
  const examId = exam?.examId ?? 0;
  const link = useQuery({
    queryKey: examKeys.link(examId, type),
    queryFn: () => fetchExamLink(examId, type),
    enabled: exam !== null,
  });
  return (
    <Modal
      open={exam !== null}
      title={`「${exam?.name ?? ''}」二维码`}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      width={420}
    >
      <div className="kp-exam-qr">
        <Segmented
          options={LINK_TYPES}
          value={type}
          onChange={(value) => setType(value as 1 | 2)}
          aria-label="链接类型"
        />
        <QRCode
          value={link.data?.url ?? '-'}
          size={QR_CODE_SIZE}
          status={link.isPending ? 'loading' : link.isError ? 'expired' : 'active'}
          onRefresh={() => void link.refetch()}
          data-testid="exam-qr"
        />
        {link.isError ? (
          <Typography.Text type="danger">链接加载失败，请点击二维码刷新</Typography.Text>
        ) : null}
        <Space.Compact className="kp-exam-qr__url">
          <Input readOnly value={link.data?.url ?? ''} aria-label="考试链接地址" />
          <Button
            icon={<CopyOutlined />}
            disabled={!link.data}
            onClick={() => link.data && void copyText(link.data.url)}
          >
            复制链接
          </Button>
        </Space.Compact>
      </div>
    </Modal>
  );
}
