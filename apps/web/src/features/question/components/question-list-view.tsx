import type { ReactNode } from 'react';
import { DataTable } from '../../../components/data-table';
import { useMayAuditQuestions, type QuestionRow } from '../api';
import { QuestionFilterForm } from './question-filter-form';
import { QuestionListDialogs } from './question-list-dialogs';
import { ownToolbar, publicToolbar, questionColumns, questionSlots } from './question-table-parts';
import { useQuestionActions, useQuestionDialogs } from './use-question-actions';
import { useBankLink, useEditLink, useQuestionFilter, useQuestionQueries } from './use-question-list';
import '../question.css';

/**
 * The question list with filters, editor, audit, batch actions, import and export. `bankCategory`
 * limits it to the organisation's banks of that category (测评试题 shows the 测评 banks' questions);
 * without it the list also offers 公开试题, the platform's approved questions, to copy into my banks.
 * `?bankId=` (and `&scope=public`) in the address preselects a bank. `initialStatus` preselects a status
 * (试题审核 opens on 待审核); 通过 and 驳回 show only to those who may audit.
 */
export function QuestionListView({
  bankCategory,
  initialStatus,
}: {
  bankCategory?: string;
  initialStatus?: number;
}): ReactNode {
  const state = useQuestionFilter(initialStatus);
  const mayAudit = useMayAuditQuestions();
  const { form, scope, isPublic, filter, paging, setPaging, selected, setSelected } = state;
  const dialogs = useQuestionDialogs();
  const { bankList, filterBanks, list, refresh } = useQuestionQueries(bankCategory, state);
  useBankLink(bankCategory, state);
  useEditLink((question) => dialogs.setEditing({ question }));
  const actions = useQuestionActions({ dialogs, setSelected, refresh });

  const toolbarActions = {
    selected,
    onAdd: () => dialogs.setEditing({ question: null }),
    onDelete: actions.confirmDelete,
    onMove: (ids: number[]) => dialogs.setMoveTarget({ ids }),
    onTag: dialogs.setTagging,
    onLink: dialogs.setLinking,
    onImport: () => dialogs.setImportOpen(true),
    onExport: () => actions.exportBank(filter.bankId),
    onCopy: dialogs.setCopying,
  };
  const slots = questionSlots({
    onEdit: (row) => dialogs.setEditing({ question: row }),
    onUsage: dialogs.setUsage,
    ...(mayAudit
      ? {
          onApprove: (row: QuestionRow) => actions.audit.mutate({ id: row.id, status: 1 }),
          onReject: (row: QuestionRow) => dialogs.setRejecting({ question: row, reason: '' }),
        }
      : {}),
    onDelete: (row) => actions.confirmDelete([row.id]),
    onCopy: (row) => dialogs.setCopying([row.id]),
  });

  return (
    <div className="kp-question-page">
      <QuestionFilterForm
        form={form}
        bankCategory={bankCategory}
        scope={scope}
        onScopeChange={state.changeScope}
        banks={filterBanks}
        onSearch={state.search}
      />
      <div className="kp-question-page__table">
        <DataTable<QuestionRow>
          rowKey="id"
          columns={questionColumns(isPublic)}
          dataSource={list.data?.data ?? []}
          total={list.data?.total ?? 0}
          totalCapped={list.data?.totalCapped ?? false}
          loading={list.isFetching}
          pagination={paging}
          onPageChange={(page, size) => setPaging({ page, size })}
          onSortChange={state.sortBy}
          selectable
          selectedRowKeys={selected}
          onSelectionChange={(keys) => setSelected(keys.map(Number))}
          scrollX={1100}
          toolbar={isPublic ? publicToolbar(toolbarActions) : ownToolbar(toolbarActions)}
          slots={slots}
        />
      </div>
      <QuestionListDialogs
        dialogs={dialogs}
        actions={actions}
        banks={bankList}
        defaultBankId={filter.bankId}
        setSelected={setSelected}
        refresh={refresh}
      />
    </div>
  );
}
