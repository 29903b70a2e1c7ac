import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Select, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { formatScore } from '@kaopei/shared';
import { paperKeys, searchPapers, type PaperQuery } from '../../paper/api';

export interface PaperChoice {
  paperId: number;
  name: string;
  questionCount: number;
  totalScore: number;
}

function label(paper: PaperChoice): string {
  return `${paper.name}（${paper.questionCount} 题，${formatScore(paper.totalScore)} 分）`;
}

/**
 * Papers of the organisation, searched on the server by name (the paper list's search). `known` papers
 * (e.g. the exam's own) keep their labels before any search finds them.
 */
export function PaperSelect({
  value,
  onChange,
  multiple = false,
  known = [],
  placeholder = '搜索试卷名称',
  'aria-label': ariaLabel = '试卷',
  onPapersChange,
}: {
  value?: number[] | number | null;
  onChange?: (value: number[] | number | undefined) => void;
  multiple?: boolean;
  known?: readonly PaperChoice[];
  placeholder?: string;
  'aria-label'?: string;
  /** The chosen papers themselves (names, totals), after each change. */
  onPapersChange?: (papers: PaperChoice[]) => void;
}): ReactNode {
  const [input, setInput] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setKeyword(input.trim()), 300);
    return () => window.clearTimeout(timer);
  }, [input]);
  const query: PaperQuery = {
    page: { pageNumber: 1, pageSize: 30 },
    searchContent: keyword || undefined,
  };
  const papers = useQuery({ queryKey: paperKeys.list(query), queryFn: () => searchPapers(query) });
  const seen = useRef(new Map<number, PaperChoice>());
  for (const paper of known) seen.current.set(paper.paperId, paper);
  for (const paper of papers.data?.data ?? []) seen.current.set(paper.paperId, paper);
  const options = useMemo(() => {
    const chosen = Array.isArray(value) ? value : value ? [value] : [];
    const rows = new Map<number, PaperChoice>();
    for (const id of chosen) {
      const row = seen.current.get(id);
      if (row) rows.set(id, row);
    }
    for (const row of papers.data?.data ?? []) rows.set(row.paperId, row);
    return [...rows.values()].map((row) => ({
      value: row.paperId,
      label: label(row),
      disabled: row.questionCount === 0,
    }));
  }, [papers.data, value]);

  return (
    <Select
      mode={multiple ? 'multiple' : undefined}
      value={value ?? undefined}
      onChange={(next: number[] | number | undefined) => {
        onChange?.(next);
        const ids = Array.isArray(next) ? next : next ? [next] : [];
        onPapersChange?.(ids.flatMap((id) => seen.current.get(id) ?? []));
      }}
      options={options}
      showSearch={{ filterOption: false, onSearch: setInput }}
      onBlur={() => setInput('')}
      placeholder={placeholder}
      aria-label={ariaLabel}
      allowClear
      loading={papers.isFetching}
      notFoundContent={
        papers.isFetching ? <Spin size="small" /> : papers.isError ? '试卷加载失败' : '没有匹配的试卷'
      }
    />
  );
}
