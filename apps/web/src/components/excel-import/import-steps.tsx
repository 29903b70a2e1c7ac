import type { ReactNode } from 'react';
import { Alert, Button, Form, Progress, Radio, Result, Space, Typography } from 'antd';
import type { UploadFile } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { ImportMode, ImportResult, JobView } from '@kaopei/shared/contracts/file';
import { DataTable, type DataTableColumn } from '../data-table';
import { ExcelDropzone } from '../excel-dropzone';
import { importSummary } from './import-summary';
import type { ErrorRow, ImportPhase } from './use-import-job';

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

interface ChooseStepProps {
  hint: ReactNode;
  downloading: boolean;
  onDownload: () => void;
  files: UploadFile[];
  onFilesChange: (files: UploadFile[]) => void;
  fields?: ReactNode;
  mode: ImportMode;
  onModeChange: (mode: ImportMode) => void;
}

/** The hint with 下载模板, the drop zone, the extra fields and 导入方式. */
export function ImportChooseStep(props: ChooseStepProps): ReactNode {
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Alert
        type="info"
        showIcon
        title={props.hint}
        action={
          <Button
            size="small"
            icon={<DownloadOutlined />}
            loading={props.downloading}
            onClick={props.onDownload}
          >
            下载模板
          </Button>
        }
      />
      <ExcelDropzone fileList={props.files} onChange={props.onFilesChange} />
      <Form layout="vertical" component="div">
        {props.fields}
        <Form.Item label="导入方式" style={{ marginBottom: 0 }}>
          <Radio.Group
            value={props.mode}
            onChange={(event) => props.onModeChange(event.target.value as ImportMode)}
            options={[
              { label: '全部导入（任何一行有错误则全部不导入）', value: 'all' },
              { label: '仅导入正确行', value: 'valid' },
            ]}
          />
        </Form.Item>
      </Form>
    </Space>
  );
}

/** The running job's progress. */
export function ImportProgress({ job }: { job: JobView | undefined }): ReactNode {
  return (
    <div className="kp-excel-import__progress" style={PROGRESS_STYLE} data-testid="import-progress">
      <Progress percent={job?.percent ?? 0} status="active" />
      <Typography.Text type="secondary">
        正在校验并导入… {job ? `${job.processed}/${job.total} 行` : ''}
      </Typography.Text>
    </div>
  );
}

interface ImportOutcomeProps {
  result: ImportResult;
  unit: string;
  errorRows: ErrorRow[];
}

/** The summary of a finished import and every bad row's number, field and reason. */
export function ImportOutcome({ result, unit, errorRows }: ImportOutcomeProps): ReactNode {
  const outcome = importSummary(result, unit);
  return (
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
  );
}

interface FooterInput {
  phase: ImportPhase;
  canStart: boolean;
  starting: boolean;
  onStart: () => void;
  onAgain: () => void;
  onClose: () => void;
}

/** The buttons of each phase: 取消/开始导入, 后台运行, then 重新导入/完成. */
export function importFooter({
  phase,
  canStart,
  starting,
  onStart,
  onAgain,
  onClose,
}: FooterInput): ReactNode[] {
  if (phase === 'choose') {
    return [
      <Button key="cancel" onClick={onClose}>
        取消
      </Button>,
      <Button key="start" type="primary" disabled={!canStart} loading={starting} onClick={onStart}>
        开始导入
      </Button>,
    ];
  }
  if (phase === 'running') {
    return [
      <Button key="hide" onClick={onClose}>
        后台运行
      </Button>,
    ];
  }
  return [
    <Button key="again" onClick={onAgain}>
      重新导入
    </Button>,
    <Button key="done" type="primary" onClick={onClose}>
      完成
    </Button>,
  ];
}
