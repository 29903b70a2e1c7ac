import { useMemo, useRef, useState } from 'react';
import { App, Form } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paperTotals } from '@kaopei/shared';
import { fetchBanksByCategory, paperBankKeys } from '../../paper-bank/api';
import type { PaperDetail, PickRow } from '../api';
import { draftFromDetail, summaryOf } from '../builder-draft';
import { isDirty, pickedIds, type BuilderState } from '../builder-state';
import { useLeaveGuard } from '../../../components/use-leave-guard';
import { useAutosave, useBuilderDraft, useBuilderWrites, usePointsSync } from './use-builder-writes';

/** Everything the manual builder shows and does: the draft, its writes, the leave guard, 另存为. */
export function usePaperBuilder(initial: PaperDetail | undefined) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const draft = useBuilderDraft(initial);
  const { state, dispatch, paperId, status } = draft;
  const [saveAsOpen, setSaveAsOpen] = useState(false);
  const [saveAsForm] = Form.useForm<{ name: string }>();
  const savedIdsRef = useRef(new Set(initial ? pickedIds(draftFromDetail(initial).paper) : []));
  const stateRef = useRef<BuilderState>(state);
  stateRef.current = state;
  const refs = { savedIdsRef, stateRef };
  const dirty = isDirty(state);
  const guard = useLeaveGuard(dirty);

  const banks = useQuery({ queryKey: paperBankKeys.grouped, queryFn: fetchBanksByCategory });
  const totals = useMemo(() => paperTotals(state.paper), [state.paper]);
  const picked = useMemo(() => pickedIds(state.paper), [state.paper]);

  const writes = useBuilderWrites({
    initial,
    draft,
    refs,
    allowNext: guard.allowNext,
    onSavedAs: () => setSaveAsOpen(false),
  });
  const canAutosave = status === 0 && state.paper.name.trim() !== '' && picked.length > 0;
  useAutosave({ state, dirty, canAutosave, writes, stateRef });
  const onPointsChange = usePointsSync(paperId, refs, dispatch);

  const trySave = () => {
    if (!state.paper.name.trim()) {
      message.warning('请填写试卷名称');
      return;
    }
    if (picked.length === 0) {
      message.warning('试卷中还没有试题');
      return;
    }
    writes.save.mutate({ snapshot: state });
  };
  const preview = () => {
    if (paperId === undefined) return;
    if (dirty) message.info('预览显示的是最近保存的内容');
    void navigate(`/manage/paper/preview?paperId=${paperId}`);
  };
  const openSaveAs = () => {
    saveAsForm.setFieldsValue({ name: `${state.paper.name.trim() || '未命名试卷'}（副本）` });
    setSaveAsOpen(true);
  };
  const onPick = (row: PickRow) => dispatch({ type: 'pick', question: summaryOf(row) });

  return {
    draft,
    dirty,
    totals,
    picked,
    writes,
    banksLoading: banks.isPending,
    bankOptions: paperBankOptionsOf(banks.data),
    trySave,
    preview,
    onPick,
    onPointsChange,
    saveAsDialog: { open: saveAsOpen, form: saveAsForm, openSaveAs, close: () => setSaveAsOpen(false) },
  };
}

export type PaperBuilderModel = ReturnType<typeof usePaperBuilder>;

/** Paper banks grouped by category, empty categories left out. */
function paperBankOptionsOf(groups: Awaited<ReturnType<typeof fetchBanksByCategory>> | undefined) {
  return (groups ?? [])
    .filter((group) => group.paperBanks.length > 0)
    .map((group) => ({
      label: group.categoryName,
      title: group.categoryName,
      options: group.paperBanks.map((bank) => ({ label: bank.name, value: bank.paperBankId })),
    }));
}
