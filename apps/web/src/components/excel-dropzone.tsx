import type { ReactNode } from 'react';
import { App, Upload, type UploadFile } from 'antd';
import { InboxOutlined } from '@ant-design/icons';

const MAX_FILE_BYTES = 10 * 1024 * 1024;

/**
 * The drop zone of the Excel import dialogs: one .xlsx file of at most 10MB, kept in the browser
 * until the dialog starts the import.
 */
export function ExcelDropzone({
  fileList,
  onChange,
}: {
  fileList: UploadFile[];
  onChange: (files: UploadFile[]) => void;
}): ReactNode {
  const { message } = App.useApp();
  return (
    <Upload.Dragger
      accept=".xlsx"
      maxCount={1}
      fileList={fileList}
      beforeUpload={(chosen) => {
        if (!/\.xlsx$/i.test(chosen.name)) {
          message.error('仅支持 .xlsx 格式的 Excel 文件');
          return Upload.LIST_IGNORE;
        }
        if (chosen.size > MAX_FILE_BYTES) {
          message.error('文件不能超过 10MB');
          return Upload.LIST_IGNORE;
        }
        return false;
      }}
      onChange={({ fileList: chosen }) => onChange(chosen.slice(-1))}
      data-testid="import-upload"
    >
      <p className="ant-upload-drag-icon">
        <InboxOutlined />
      </p>
      <p className="ant-upload-text">点击或拖拽 .xlsx 文件到此处</p>
      <p className="ant-upload-hint">每次最多 10000 行，文件不超过 10MB</p>
    </Upload.Dragger>
  );
}
