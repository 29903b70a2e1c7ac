import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, App, Button, Form, Modal, Progress, Radio, Result, Space, Typography } from 'antd';
import type { UploadFile } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  fileContracts,
  type ImportMode,
  type ImportResult,
  type ImportRowError,
} from '@kaopei/shared/contracts/file';
import { call } from '../lib/api';
import { DataTable, type DataTableColumn } from './data-table';
import { ExcelDropzone } from './excel-dropzone';

const POLL_MS = 500;

type ErrorRow = ImportRowError & { key: string };

const ERROR_COLUMNS: DataTableColumn<ErrorRow>[] = [
  { title: '行号', dataIndex: 'row', width: 80, align: 'center' },
  { title: '字段', dataIndex: 'field', width: 110 },
  { title: '原因', dataIndex: 'reason' },
];

const PROGRESS_STYLE = {
  display: 'flex',
  flexDirection: 'column',
  gap: 8,
  padding: '32px 8px',
  textAlign: 'center',
} as const;

const jobKey = (jobId: number) => ['file', 'job', jobId] as const;

/** The summary of a finished import; `unit` counts what was imported, e.g. '名员工', '道试题'. */
export function importSummary(
  result: ImportResult,
  unit: string,
): { status: 'success' | 'warning' | 'error'; title: string; detail: string } {
  if (result.failedRows === 0) {
    return { status: 'success', title: `导入成功，共导入 ${result.imported} ${unit}`, detail: '' };
  }
  if (result.mode === 'all') {
    return {
      status: 'error',
      title: `${result.failedRows} 行有错误，未导入任何数据`,
      detail: `文件共 ${result.total} 行。请按下表修改后重新导入，或选择“仅导入正确行”。`,
    };
  }
  return {
    status: result.imported > 0 ? 'warning' : 'error',
    title: `已导入 ${result.imported} ${unit}，${result.failedRows} 行未导入`,
    detail: `文件共 ${result.total} 行。请按下表修改未导入的行后再导入它们。`,
  };
}

export interface ExcelImportDialogProps {
  open: boolean;
  /** The dialog's title (and accessible name), e.g. 导入员工. */
  title: string;
  /** What to fill in, shown above the drop zone next to 下载模板. */
  hint: ReactNode;
  /** What the summary counts, e.g. '名员工'. */
  unit: string;
  /** Downloads the template; resolves to the saved file's name. */
  downloadTemplate: () => Promise<string>;
  /** Uploads the file and starts the server's import job. */
  start: (file: File, mode: ImportMode) => Promise<{ jobId: number }>;
  /** Form items shown before 导入方式 (the bank, the default password…). */
  fields?: ReactNode;
  /** False while the extra fields are not ready to start (in addition to a chosen file). */
  ready?: boolean;
  onClose: () => void;
  /** Called once per job that imported at least one row. */
  onImported: () => void;
}

/**
 * An Excel import: template download, upload of the filled .xlsx, extra fields, choice of mode, the
 * progress of the server job (polled through the file job contract), then the result with every bad
 * row's number, field and reason. A running import survives closing the dialog.
 */
export function ExcelImportDialog({
  open,
  title,
  hint,
  unit,
  downloadTemplate,
  start,
  fields,
  ready = true,
  onClose,
  onImported,
}: ExcelImportDialogProps): ReactNode {
  const { message } = App.useApp();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [mode, setMode] = useState<ImportMode>('all');
  const [jobId, setJobId] = useState<number | null>(null);
  const reported = useRef<number | null>(null);

  const file = files[0]?.originFileObj;

  const template = useMutation({
    mutationFn: downloadTemplate,
    onSuccess: (name) => message.success(`已下载 ${name}`),
  });

  const starting = useMutation({
    mutationFn: () => {
      if (!file) throw new Error('请先选择文件');
      return start(file, mode);
    },
    onSuccess: (started) => {
      reported.current = null;
      setJobId(started.jobId);
    },
  });

  const job = useQuery({
    queryKey: jobKey(jobId ?? 0),
    queryFn: () => call(fileContracts.job, { params: { id: jobId ?? 0 } }),
    enabled: jobId !== null,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'succeeded' || status === 'failed' ? false : POLL_MS;
    },
  });

  const result = job.data?.status === 'succeeded' ? job.data.result : null;
  useEffect(() => {
    if (result && jobId !== null && reported.current !== jobId) {
      reported.current = jobId;
      if (result.imported > 0) onImported();
    }
  }, [result, jobId, onImported]);

  const errorRows = useMemo<ErrorRow[]>(
    () => (result?.errors ?? []).map((error, index) => ({ ...error, key: `${index}` })),
    [result],
  );

  const again = () => {
    setJobId(null);
    setFiles([]);
    starting.reset();
  };

  const running = jobId !== null && !result && job.data?.status !== 'failed';
  const phase =
    jobId === null ? 'choose' : running ? 'running' : job.data?.status === 'failed' ? 'failed' : 'done';

  const footer =
    phase === 'choose'
      ? [
          <Button key="cancel" onClick={onClose}>
            取消
          </Button>,
          <Button
            key="start"
            type="primary"
            disabled={!file || !ready}
            loading={starting.isPending}
            onClick={() => starting.mutate()}
          >
            开始导入
          </Button>,
        ]
      : phase === 'running'
        ? [
            <Button key="hide" onClick={onClose}>
              后台运行
            </Button>,
          ]
        : [
            <Button key="again" onClick={again}>
              重新导入
            </Button>,
            <Button key="done" type="primary" onClick={onClose}>
              完成
            </Button>,
          ];

  const outcome = result ? importSummary(result, unit) : null;

  return (
    <Modal
      open={open}
      title={title}
      width={760}
      footer={footer}
      onCancel={onClose}
      afterOpenChange={(visible) => {
        // A finished import starts over next time; a running one is picked up again.
        if (!visible && phase !== 'running') again();
      }}
      mask={{ closable: false }}
    >
      {phase === 'choose' ? (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Alert
            type="info"
            showIcon
            title={hint}
            action={
              <Button
                size="small"
                icon={<DownloadOutlined />}
                loading={template.isPending}
                onClick={() => template.mutate()}
              >
                下载模板
              </Button>
            }
          />
          <ExcelDropzone fileList={files} onChange={setFiles} />
          <Form layout="vertical" component="div">
            {fields}
            <Form.Item label="导入方式" style={{ marginBottom: 0 }}>
              <Radio.Group
                value={mode}
                onChange={(event) => setMode(event.target.value as ImportMode)}
                options={[
                  { label: '全部导入（任何一行有错误则全部不导入）', value: 'all' },
                  { label: '仅导入正确行', value: 'valid' },
                ]}
              />
            </Form.Item>
          </Form>
        </Space>
      ) : null}

      {phase === 'running' ? (
        <div className="kp-excel-import__progress" style={PROGRESS_STYLE} data-testid="import-progress">
          <Progress percent={job.data?.percent ?? 0} status="active" />
          <Typography.Text type="secondary">
            正在校验并导入… {job.data ? `${job.data.processed}/${job.data.total} 行` : ''}
          </Typography.Text>
        </div>
      ) : null}

      {phase === 'failed' ? (
        <Result status="error" title="导入失败" subTitle={job.data?.error ?? '处理失败，请稍后重试'} />
      ) : null}

      {phase === 'done' && result && outcome ? (
        <div data-testid="import-result">
          <Result
            status={outcome.status}
            title={outcome.title}
            subTitle={outcome.detail || undefined}
            style={{ padding: '16px 0' }}
          />
          {errorRows.length > 0 ? (
            <>
              {result.errorsTruncated ? (
                <Typography.Paragraph type="warning">
                  错误过多，仅列出前 {errorRows.length} 条。
                </Typography.Paragraph>
              ) : null}
              <DataTable<ErrorRow>
                rowKey="key"
                columns={ERROR_COLUMNS}
                dataSource={errorRows}
                autoHeight={false}
                size="small"
                className="kp-excel-import__errors"
              />
            </>
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}
