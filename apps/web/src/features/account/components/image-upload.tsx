import { useState, type ReactNode } from 'react';
import { Button, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { toast } from '../../../lib/feedback';
import { uploadPublicImage } from '../../../lib/upload';

/** Largest avatar or logo accepted in the browser (the server allows more, but these are small images). */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

/** Why a picked file cannot be used as an avatar or logo, or null. */
export function imageProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!ACCEPT.split(',').includes(file.type)) return '只能上传 PNG、JPG、GIF 或 WebP 图片';
  if (file.size > MAX_IMAGE_BYTES) return '图片不能超过 2MB';
  return null;
}

/** A button that uploads one public image and hands back its URL. */
export function ImageUploadButton({
  label,
  onUploaded,
  disabled,
  testId,
}: {
  label: string;
  onUploaded: (url: string) => Promise<void> | void;
  disabled?: boolean;
  testId?: string;
}): ReactNode {
  const [uploading, setUploading] = useState(false);
  return (
    <Upload
      accept={ACCEPT}
      showUploadList={false}
      disabled={disabled || uploading}
      beforeUpload={(file) => {
        const problem = imageProblem(file);
        if (problem) {
          toast.error(problem);
          return Upload.LIST_IGNORE;
        }
        return true;
      }}
      customRequest={({ file, onSuccess, onError }) => {
        if (!(file instanceof File)) return;
        setUploading(true);
        uploadPublicImage(file)
          .then(async (uploaded) => {
            await onUploaded(uploaded.url);
            onSuccess?.(uploaded);
          })
          .catch((error: unknown) => onError?.(error instanceof Error ? error : new Error('上传失败')))
          .finally(() => setUploading(false));
      }}
    >
      <Button icon={<UploadOutlined />} loading={uploading} disabled={disabled} data-testid={testId}>
        {label}
      </Button>
    </Upload>
  );
}
