import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Select, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { staffContracts } from '@kaopei/shared/contracts/staff';
import { callPage, type ItemOf } from '../lib/api';

const SEARCH_DEBOUNCE_MS = 300;

/** A colleague the picker offers. */
export type StaffOption = ItemOf<typeof staffContracts.search>;

export const STAFF_PICKER_SIZE = 20;

/** Active staff matching `keyword` (name, account, phone or e-mail), first page. */
export async function searchStaff(keyword: string): Promise<StaffOption[]> {
  const page = await callPage(staffContracts.search, {
    query: { page: 0, size: STAFF_PICKER_SIZE },
    body: { keyword: keyword || undefined, status: 0 },
  });
  return page.data;
}

/** The picker's query key (one cache per keyword). */
export const staffPickerKey = (keyword: string) => ['message', 'staff', keyword] as const;

function optionLabel(staff: StaffOption): string {
  return `${staff.realName}（${staff.departmentName || '未分配部门'}）`;
}

/** Remembers the rows of chosen people so their labels survive a new search. */
function useKnownStaff(rows: readonly StaffOption[] | undefined) {
  const known = useRef(new Map<number, StaffOption>());
  for (const row of rows ?? []) known.current.set(row.userId, row);
  return known.current;
}

interface PickerProps {
  placeholder?: string;
  disabled?: boolean;
  testId?: string;
  'aria-label'?: string;
}

function useStaffSearch() {
  const [input, setInput] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setKeyword(input.trim()), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [input]);
  const query = useQuery({
    queryKey: staffPickerKey(keyword),
    queryFn: () => searchStaff(keyword),
    staleTime: 60_000,
  });
  return { query, setInput };
}

/** Several staff members, searched on the server by name, account, phone or e-mail. */
export function StaffMultiPicker({
  value,
  onChange,
  placeholder = '搜索姓名、账号或手机号',
  disabled,
  testId,
  ...rest
}: PickerProps & { value?: number[]; onChange?: (value: number[]) => void }): ReactNode {
  const { query, setInput } = useStaffSearch();
  const known = useKnownStaff(query.data);
  const options = useMemo(() => {
    const rows = new Map<number, StaffOption>();
    for (const id of value ?? []) {
      const row = known.get(id);
      if (row) rows.set(id, row);
    }
    for (const row of query.data ?? []) rows.set(row.userId, row);
    return [...rows.values()].map((row) => ({ value: row.userId, label: optionLabel(row) }));
  }, [query.data, value, known]);

  return (
    <Select
      mode="multiple"
      value={value}
      onChange={onChange}
      options={options}
      showSearch={{ filterOption: false, onSearch: setInput }}
      onBlur={() => setInput('')}
      placeholder={placeholder}
      disabled={disabled}
      notFoundContent={
        query.isFetching ? <Spin size="small" /> : query.isError ? '员工加载失败' : '没有匹配的员工'
      }
      loading={query.isFetching}
      allowClear
      maxTagCount="responsive"
      data-testid={testId}
      aria-label={rest['aria-label']}
    />
  );
}

/** One staff member; hands the whole row to `onPick` (e.g. to fill in the phone). */
export function StaffSinglePicker({
  onPick,
  placeholder = '搜索员工',
  disabled,
  testId,
  ...rest
}: PickerProps & { onPick: (staff: StaffOption | undefined) => void }): ReactNode {
  const { query, setInput } = useStaffSearch();
  const known = useKnownStaff(query.data);
  const [value, setValue] = useState<number | undefined>();
  const options = (query.data ?? []).map((row) => ({ value: row.userId, label: optionLabel(row) }));
  const chosen = value === undefined ? undefined : known.get(value);
  if (chosen && !options.some((o) => o.value === chosen.userId)) {
    options.unshift({ value: chosen.userId, label: optionLabel(chosen) });
  }
  return (
    <Select
      value={value}
      onChange={(next: number | undefined) => {
        setValue(next);
        onPick(next === undefined ? undefined : known.get(next));
      }}
      options={options}
      showSearch={{ filterOption: false, onSearch: setInput }}
      placeholder={placeholder}
      disabled={disabled}
      notFoundContent={query.isFetching ? <Spin size="small" /> : '没有匹配的员工'}
      loading={query.isFetching}
      allowClear
      data-testid={testId}
      aria-label={rest['aria-label']}
    />
  );
}
