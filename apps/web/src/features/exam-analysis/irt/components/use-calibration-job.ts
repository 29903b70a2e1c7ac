import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../../lib/feedback';
import { fetchJob, irtKeys, startCalibration } from '../api';

const POLL_MS = 500;

/** Starting a bank's calibration and polling its job until it ends (then the table reloads). */
export function useCalibrationJob(bankId: number | null) {
  const queryClient = useQueryClient();
  const [jobId, setJobId] = useState<number | null>(null);
  const finished = useRef<number | null>(null);
  const start = useMutation({
    mutationFn: () => startCalibration(bankId ?? 0),
    onSuccess: (started) => setJobId(started.jobId),
  });
  const job = useQuery({
    queryKey: irtKeys.job(jobId ?? 0),
    queryFn: () => fetchJob(jobId ?? 0),
    enabled: jobId !== null,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'succeeded' || status === 'failed' ? false : POLL_MS;
    },
  });
  const status = job.data?.status;
  useEffect(() => {
    if (jobId === null || finished.current === jobId) return;
    if (status === 'succeeded') {
      finished.current = jobId;
      toast.success(`校准完成：${job.data?.result?.imported ?? 0} 道题`);
      void queryClient.invalidateQueries({ queryKey: irtKeys.all });
    } else if (status === 'failed') {
      finished.current = jobId;
      toast.error(job.data?.error ?? '校准失败');
    }
  }, [status, jobId, job.data, queryClient]);
  const running = start.isPending || (jobId !== null && status !== 'succeeded' && status !== 'failed');
  return { start: () => start.mutate(), running, percent: job.data?.percent ?? 0 };
}
