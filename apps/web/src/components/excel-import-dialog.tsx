import type { ReactNode } from 'react';
import { Modal, Result } from 'antd';
import type { ImportMode } from '@kaopei/shared/contracts/file';
import { ImportChooseStep, ImportOutcome, ImportProgress, importFooter } from './excel-import/import-steps';
import { useImportJob } from './excel-import/use-import-job';

export { importSummary } from './excel-import/import-summary';

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
  const state = useImportJob({ downloadTemplate, start, onImported });
  const { phase, job, result } = state;
  const footer = importFooter({
    phase,
    canStart: Boolean(state.file) && ready,
    starting: state.starting.isPending,
    onStart: () => state.starting.mutate(),
    onAgain: state.again,
    onClose,
  });

  return (
    <Modal
      open={open}
      title={title}
      width={760}
      footer={footer}
      onCancel={onClose}
      afterOpenChange={(visible) => {
        // A finished import starts over next time; a running one is picked up again.
        if (!visible && phase !== 'running') state.again();
      }}
      mask={{ closable: false }}
    >
      {phase === 'choose' ? (
        <ImportChooseStep
          hint={hint}
          downloading={state.template.isPending}
          onDownload={() => state.template.mutate()}
          files={state.files}
          onFilesChange={state.setFiles}
          fields={fields}
          mode={state.mode}
          onModeChange={state.setMode}
        />
      ) : null}
      {phase === 'running' ? <ImportProgress job={job.data} /> : null}
      {phase === 'failed' ? (
        <Result status="error" title="导入失败" subTitle={job.data?.error ?? '处理失败，请稍后重试'} />
      ) : null}
      {phase === 'done' && result ? (
        <ImportOutcome result={result} unit={unit} errorRows={state.errorRows} />
      ) : null}
    </Modal>
  );
}
