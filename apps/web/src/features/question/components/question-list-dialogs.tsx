import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { BankOption } from '../api';
import { bankKeys } from '../../question-bank/api';
import { QuestionEditor } from './question-editor';
import { QuestionImportModal } from './import-modal';
import { QuestionUsageDrawer } from './question-usage-drawer';
import { BatchKnowledgeModal, BatchTagModal, CopyToBankModal } from './batch-modals';
import { MoveQuestionsModal, RejectQuestionModal } from './question-list-modals';
import type { QuestionDialogs, useQuestionActions } from './use-question-actions';

interface QuestionListDialogsProps {
  dialogs: QuestionDialogs;
  actions: ReturnType<typeof useQuestionActions>;
  banks: BankOption[];
  /** The bank chosen in the filter: where a new or imported question goes by default. */
  defaultBankId: number | undefined;
  setSelected: (ids: number[]) => void;
  refresh: () => void;
}

/** The question list's drawer and dialogs: usage, editor, batch tag/knowledge/copy, import, move, reject. */
export function QuestionListDialogs(props: QuestionListDialogsProps): ReactNode {
  const { dialogs, actions, banks, defaultBankId, setSelected, refresh } = props;
  const queryClient = useQueryClient();
  return (
    <>
      <QuestionUsageDrawer question={dialogs.usage} onClose={() => dialogs.setUsage(null)} />
      <QuestionEditor
        open={dialogs.editing !== null}
        question={dialogs.editing?.question ?? null}
        banks={banks}
        defaultBankId={defaultBankId}
        onClose={() => dialogs.setEditing(null)}
        onSaved={refresh}
      />
      <BatchTagModal ids={dialogs.tagging} onClose={() => dialogs.setTagging(null)} onDone={refresh} />
      <BatchKnowledgeModal ids={dialogs.linking} onClose={() => dialogs.setLinking(null)} onDone={refresh} />
      <CopyToBankModal
        ids={dialogs.copying}
        onClose={() => dialogs.setCopying(null)}
        onDone={() => {
          setSelected([]);
          refresh();
          void queryClient.invalidateQueries({ queryKey: bankKeys.all });
        }}
      />
      <QuestionImportModal
        open={dialogs.importOpen}
        banks={banks}
        defaultBankId={defaultBankId}
        onClose={() => dialogs.setImportOpen(false)}
        onImported={refresh}
      />
      <MoveQuestionsModal
        target={dialogs.moveTarget}
        setTarget={dialogs.setMoveTarget}
        banks={banks}
        moving={actions.move.isPending}
        onMove={(ids, bankId) => actions.move.mutate({ ids, bankId })}
      />
      <RejectQuestionModal
        rejecting={dialogs.rejecting}
        setRejecting={dialogs.setRejecting}
        saving={actions.audit.isPending}
        onReject={(id, reason) => actions.audit.mutate({ id, status: 2, reason })}
      />
    </>
  );
}
