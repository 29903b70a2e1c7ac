import { useState, type ReactNode } from 'react';
import { Button, Image, Space, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { uploadPublicImage } from '../lib/upload';

const MAX_COVER_BYTES = 5 * 1024 * 1024;

/** A form control holding a cover image URL; picking a file uploads it as a public image. */
export function CoverInput({
  value,
  onChange,
  onError,
}: {
  value?: string | null;
  onChange?: (url: string | null) => void;
  onError: (message: string) => void;
}): ReactNode {
  const [uploading, setUploading] = useState(false);

  const pick = async (file: File) => {
    if (!file.type.startsWith('image/')) return onError('请选择图片文件');
    if (file.size > MAX_COVER_BYTES) return onError('封面图片不能超过 5 MB');
    setUploading(true);
    try {
      onChange?.((await uploadPublicImage(file)).url);
    } catch {
      // The HTTP client has shown why.
    } finally {
      setUploading(false);
    }
  };

  return (
    <Space align="start">
      {value ? (
        <Image src={value} alt="题库封面" width={120} height={68} style={{ objectFit: 'cover' }} />
      ) : null}
      <Upload
        accept="image/png,image/jpeg,image/gif,image/webp"
        showUploadList={false}
        beforeUpload={(file) => {
          void pick(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={uploading}>
          {value ? '更换封面' : '上传封面'}
        </Button>
      </Upload>
      {value ? (
        <Button icon={<DeleteOutlined />} onClick={() => onChange?.(null)}>
          移除
        </Button>
      ) : null}
    </Space>
  );
}
