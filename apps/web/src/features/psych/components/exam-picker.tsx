import { useEffect, type ReactNode } from 'react';
import { Select } from 'antd';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { storage, type MenuNode } from '../../../lib/storage';
import { fetchMentalExams, psychKeys } from '../api';

/** The chosen mental exam (?mentalExamId=), defaulting to the latest with responses. */
export function useChosenExam(): [number | null, (id: number) => void] {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('mentalExamId')) || null;
  return [id, (next) => setParams({ mentalExamId: String(next) }, { replace: true })];
}

/** A select of the organisation's mental exams (latest 100). */
export function ExamPicker({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (id: number) => void;
}): ReactNode {
  const exams = useQuery({
    queryKey: psychKeys.exams(undefined, 0, 100),
    queryFn: () => fetchMentalExams(undefined, 0, 100),
  });
  const rows = exams.data?.data ?? [];
  const first = rows.find((row) => row.takenCount > 0) ?? rows[0];
  useEffect(() => {
    if (value === null && first) onChange(first.mentalExamId);
  }, [value, first, onChange]);
  return (
    <Select
      aria-label="心理测评"
      style={{ width: 360, maxWidth: '100%' }}
      loading={exams.isFetching}
      value={value ?? undefined}
      onChange={onChange}
      showSearch
      optionFilterProp="label"
      options={rows.map((row) => ({
        value: row.mentalExamId,
        label: `${row.name}（${row.anonymous ? '匿名' : '实名'}，${row.takenCount} 人完成）`,
      }))}
    />
  );
}

function hasUrl(nodes: readonly MenuNode[] | null | undefined, url: string): boolean {
  return (nodes ?? []).some((node) => node.url === url || hasUrl(node.children, url));
}

/** Whether the signed-in user's menu grants `url` (the server checks again on every call). */
export function menuGrants(url: string): boolean {
  return hasUrl(storage.getMenuInfo(), url);
}
