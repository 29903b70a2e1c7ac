import { useState, type ReactNode } from 'react';
import { Alert, App, Button, Modal, Table, Typography, Upload } from 'antd';
import type { UploadFile } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { uploadKnowledge, type UploadResult } from '../api';

const MAX_BYTES = 5 * 1024 * 1024;

/** Why a chosen file cannot be imported, if it cannot: not an .xlsx, or over 5MB. */
function uploadError(file: File): string | null {
  if (!/\.xlsx$/i.test(file.name)) return '仅支持 .xlsx 格式的 Excel 文件';
  if (file.size > MAX_BYTES) return '文件不能超过 5MB';
  return null;
}

/** The outcome of an import: counts, and the rows that failed with their reasons. */
function KnowledgeUploadResult({ result }: { result: UploadResult }): ReactNode {
  return (
    <div className="kp-knowledge__upload-result" data-testid="knowledge-upload-result">
      <Alert
        type={result.errors.length > 0 ? 'warning' : 'success'}
        showIcon
        message={`新增 ${result.created} 个知识点，已存在 ${result.existing} 行，错误 ${result.errors.length} 行`}
      />
      {result.errors.length > 0 ? (
        <Table
          size="small"
          rowKey="row"
          pagination={result.errors.length > 10 ? { pageSize: 10 } : false}
          dataSource={result.errors}
          columns={[
            { title: '行号', dataIndex: 'row', width: 80 },
            { title: '原因', dataIndex: 'reason' },
          ]}
        />
      ) : null}
    </div>
  );
}

/** Imports knowledge points from an .xlsx laid out like the export (一级、二级、三级… columns). */
export function KnowledgeUploadModal({
  open,
  onClose,
  onImported,
}: {
  open: boolean;
  onClose: () => void;
  onImported: () => void;
}): ReactNode {
  const { message } = App.useApp();
  const [file, setFile] = useState<File | null>(null);
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [result, setResult] = useState<UploadResult | null>(null);

  const upload = useMutation({
    mutationFn: (chosen: File) => uploadKnowledge(chosen),
    onSuccess: (data) => {
      setResult(data);
      if (data.created > 0) onImported();
      message.success(`导入完成：新增 ${data.created} 个知识点`);
    },
  });

  const close = () => {
    setFile(null);
    setFiles([]);
    setResult(null);
    upload.reset();
    onClose();
  };

  return (
    <Modal
      open={open}
      title="导入知识点"
      onCancel={close}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={close}>
          {result ? '完成' : '取消'}
        </Button>,
        <Button
          key="start"
          type="primary"
          disabled={!file}
          loading={upload.isPending}
          onClick={() => file && upload.mutate(file)}
        >
          开始导入
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">
        表头为“一级、二级、三级……”，每行一个知识点的完整路径（可先导出查看格式）。已存在的知识点会跳过，缺少的会新建。
      </Typography.Paragraph>
      <Upload.Dragger
        accept=".xlsx"
        maxCount={1}
        fileList={files}
        beforeUpload={(chosen) => {
          const error = uploadError(chosen);
          if (error) {
            message.error(error);
            return Upload.LIST_IGNORE;
          }
          setFile(chosen);
          setFiles([{ uid: chosen.uid, name: chosen.name, status: 'done' }]);
          setResult(null);
          return false;
        }}
        onRemove={() => {
          setFile(null);
          setFiles([]);
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">点击或拖拽 .xlsx 文件到此处</p>
      </Upload.Dragger>
      {result ? <KnowledgeUploadResult result={result} /> : null}
    </Modal>
  );
}
