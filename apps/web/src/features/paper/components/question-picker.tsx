import { useMemo, useState, type ReactNode } from 'react';
import { Checkbox, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DataTable } from '../../../components/data-table';
import { PageError } from '../../../app/page-states';
import { paperKeys, searchNotSelected, type PickerFilter, type PickRow } from '../api';
import { PickerFilters, pickerColumns, pickerSlots } from './question-picker-parts';
import { useMayAuditQuestions } from '../../question/api';
import { PendingAuditNote } from './pending-audit-note';

const PAGE_SIZE = 10;

/**
 * The builder's question picker: approved questions matching the question filters. With 只看未选 (the
 * default) the questions already in the paper are left out (the server's not-selected search); without
 * it they are listed too, marked 已选, and picking one again takes it out of the paper (spec §4).
 */
export function QuestionPicker({
  picked,
  onPick,
}: {
  /** Ids in the paper being built. */
  picked: readonly number[];
  onPick: (question: PickRow) => void;
}): ReactNode {
  const [filter, setFilter] = useState<PickerFilter>({});
  const [hidePicked, setHidePicked] = useState(true);
  const [page, setPage] = useState(1);
  const pickedSet = useMemo(() => new Set(picked), [picked]);
  const mayAudit = useMayAuditQuestions();

  // The paper being built decides what is "selected"; a saved paper's stored questions do not.
  const request: PickerFilter = {
    ...filter,
    scope: 'all',
    ...(hidePicked && picked.length > 0 ? { selectedIds: [...picked].sort((a, b) => a - b) } : {}),
  };
  const list = useQuery({
    queryKey: paperKeys.picker(request, page, PAGE_SIZE),
    queryFn: () => searchNotSelected(request, page - 1, PAGE_SIZE),
    placeholderData: keepPreviousData,
  });

  return (
    <div className="kp-picker">
      <PickerFilters
        onSearch={(next) => {
          setFilter(next);
          setPage(1);
        }}
      />
      <Checkbox
        checked={hidePicked}
        onChange={(event) => {
          setHidePicked(event.target.checked);
          setPage(1);
        }}
      >
        只看未选试题
      </Checkbox>
      {list.isError ? (
        <PageError description="试题加载失败，请稍后重试。" onRetry={() => void list.refetch()} />
      ) : (
        <div className="kp-picker__table" data-testid="question-picker">
          <DataTable<PickRow>
            rowKey="questionId"
            size="small"
            autoHeight={false}
            columns={pickerColumns()}
            dataSource={list.data?.data ?? []}
            total={list.data?.total ?? 0}
            loading={list.isFetching}
            pagination={{ page, size: PAGE_SIZE }}
            onPageChange={(next) => setPage(next)}
            slots={pickerSlots(pickedSet, onPick)}
          />
        </div>
      )}
      <PendingAuditNote count={list.data?.pendingCount ?? 0} mayAudit={mayAudit} />
      <Typography.Text type="secondary" className="kp-picker__hint">
        只能选择已审核通过的试题
      </Typography.Text>
    </div>
  );
}
