import { useState, type ReactNode } from 'react';
import { Button, Image, Space, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { uploadPublicImage } from '../lib/upload';

const MAX_COVER_BYTES = 5 * 1024 * 1024;

/** An uploaded public image as the upload answers it. */
interface UploadedImage {
  id: number;
  url: string;
}

/**
 * A form control holding a cover image: picking a file uploads it as a public image, and the form keeps what
 * `fromUpload` makes of it (its URL, or its id and URL); `urlOf` shows it.
 */
export function CoverPicker<V>({
  value,
  onChange,
  onError,
  fromUpload,
  urlOf,
  alt = '封面',
}: {
  value?: V | null;
  onChange?: (cover: V | null) => void;
  onError: (message: string) => void;
  fromUpload: (uploaded: UploadedImage) => V;
  urlOf: (cover: V) => string;
  alt?: string;
}): ReactNode {
  const [uploading, setUploading] = useState(false);

  const pick = async (file: File) => {
    if (!file.type.startsWith('image/')) return onError('请选择 PNG、JPG、GIF 或 WebP 图片');
    if (file.size > MAX_COVER_BYTES) return onError('封面图片不能超过 5 MB');
    setUploading(true);
    try {
      onChange?.(fromUpload(await uploadPublicImage(file)));
    } catch {
      // The HTTP client has shown why.
    } finally {
      setUploading(false);
    }
  };

  return (
    <Space align="start" wrap>
      {value ? (
        <Image src={urlOf(value)} alt={alt} width={120} height={68} style={{ objectFit: 'cover' }} />
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

/** A cover kept as its URL (question banks, exams). */
export function CoverInput(props: {
  value?: string | null;
  onChange?: (url: string | null) => void;
  onError: (message: string) => void;
  alt?: string;
}): ReactNode {
  return <CoverPicker {...props} fromUpload={(uploaded) => uploaded.url} urlOf={(url) => url} />;
}
