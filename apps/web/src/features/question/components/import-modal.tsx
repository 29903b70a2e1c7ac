import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, App, Button, Form, Modal, Progress, Radio, Result, Select, Space, Typography } from 'antd';
import type { UploadFile } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { ExcelDropzone } from '../../../components/excel-dropzone';
import {
  downloadQuestionTemplate,
  fetchJob,
  questionKeys,
  startImport,
  type BankOption,
  type ImportMode,
  type ImportResult,
  type ImportRowError,
} from '../api';

const POLL_MS = 500;

type ErrorRow = ImportRowError & { key: string };

const ERROR_COLUMNS: DataTableColumn<ErrorRow>[] = [
  { title: '行号', dataIndex: 'row', width: 80, align: 'center' },
  { title: '字段', dataIndex: 'field', width: 110 },
  { title: '原因', dataIndex: 'reason' },
];

function summary(result: ImportResult): {
  status: 'success' | 'warning' | 'error';
  title: string;
  detail: string;
} {
  if (result.failedRows === 0) {
    return { status: 'success', title: `导入成功，共导入 ${result.imported} 道试题`, detail: '' };
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
    title: `已导入 ${result.imported} 道试题，${result.failedRows} 行未导入`,
    detail: `文件共 ${result.total} 行。请按下表修改未导入的行后再导入它们。`,
  };
}

/**
 * Question import: template download, bank, upload of the filled .xlsx, choice of mode, progress of the
 * server job, then the result with every bad row's number, field and reason.
 */
export function QuestionImportModal({
  open,
  banks,
  defaultBankId,
  onClose,
  onImported,
}: {
  open: boolean;
  banks: BankOption[];
  defaultBankId?: number | undefined;
  onClose: () => void;
  onImported: () => void;
}): ReactNode {
  const { message } = App.useApp();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [mode, setMode] = useState<ImportMode>('all');
  const [bankId, setBankId] = useState<number | undefined>(defaultBankId);
  const [jobId, setJobId] = useState<number | null>(null);
  const reported = useRef<number | null>(null);

  const file = files[0]?.originFileObj;
  useEffect(() => {
    if (open && defaultBankId !== undefined) setBankId(defaultBankId);
  }, [open, defaultBankId]);

  const template = useMutation({
    mutationFn: downloadQuestionTemplate,
    onSuccess: (name) => message.success(`已下载 ${name}`),
  });

  const start = useMutation({
    mutationFn: () => {
      if (!file) throw new Error('请先选择文件');
      if (bankId === undefined) throw new Error('请先选择题库');
      return startImport(file, bankId, mode);
    },
    onSuccess: (started) => {
      reported.current = null;
      setJobId(started.jobId);
    },
  });

  const job = useQuery({
    queryKey: questionKeys.job(jobId ?? 0),
    queryFn: () => fetchJob(jobId ?? 0),
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
    start.reset();
  };

  const close = () => {
    onClose();
  };

  const running = jobId !== null && !result && job.data?.status !== 'failed';
  const phase =
    jobId === null ? 'choose' : running ? 'running' : job.data?.status === 'failed' ? 'failed' : 'done';

  const footer =
    phase === 'choose'
      ? [
          <Button key="cancel" onClick={close}>
            取消
          </Button>,
          <Button
            key="start"
            type="primary"
            disabled={!file || bankId === undefined}
            loading={start.isPending}
            onClick={() => start.mutate()}
          >
            开始导入
          </Button>,
        ]
      : phase === 'running'
        ? [
            <Button key="hide" onClick={close}>
              后台运行
            </Button>,
          ]
        : [
            <Button key="again" onClick={again}>
              重新导入
            </Button>,
            <Button key="done" type="primary" onClick={close}>
              完成
            </Button>,
          ];

  const outcome = result ? summary(result) : null;

  return (
    <Modal
      open={open}
      title="导入试题"
      width={760}
      footer={footer}
      onCancel={close}
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
            title="按模板填写试题后上传：题型、题干必填，各题型的答案写法见模板的“填写说明”。"
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
            <Form.Item label="导入到题库" required>
              <Select
                value={bankId}
                onChange={setBankId}
                placeholder="请选择题库"
                aria-label="导入到题库"
                options={banks.map((bank) => ({ label: bank.name, value: bank.bankId }))}
              />
            </Form.Item>
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
        <div className="kp-question-import__progress" data-testid="import-progress">
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
                className="kp-question-import__errors"
              />
            </>
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}
