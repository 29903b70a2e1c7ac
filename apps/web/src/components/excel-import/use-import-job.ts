import { useEffect, useMemo, useRef, useState } from 'react';
import { App } from 'antd';
import type { UploadFile } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { fileContracts, type ImportMode, type ImportRowError } from '@kaopei/shared/contracts/file';
import { call } from '../../lib/api';

const POLL_MS = 500;

export type ErrorRow = ImportRowError & { key: string };

export type ImportPhase = 'choose' | 'running' | 'failed' | 'done';

const jobKey = (jobId: number) => ['file', 'job', jobId] as const;

interface ImportJobInput {
  downloadTemplate: () => Promise<string>;
  start: (file: File, mode: ImportMode) => Promise<{ jobId: number }>;
  onImported: () => void;
}

/**
 * The state of one import: the chosen file and mode, the template download, starting the server job and
 * polling it until it succeeds or fails (onImported once per job that imported a row), and starting over.
 */
export function useImportJob({ downloadTemplate, start, onImported }: ImportJobInput) {
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
  const phase: ImportPhase =
    jobId === null ? 'choose' : running ? 'running' : job.data?.status === 'failed' ? 'failed' : 'done';

  return { files, setFiles, file, mode, setMode, template, starting, job, result, errorRows, again, phase };
}
