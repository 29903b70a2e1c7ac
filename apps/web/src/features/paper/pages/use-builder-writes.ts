import { useCallback, useEffect, useReducer, useRef, useState, type Dispatch, type RefObject } from 'react';
import { App } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { createPaper, modifyPoints, paperKeys, savePaper, type PaperDetail, type PaperInput } from '../api';
import { AUTOSAVE_DELAY_MS, POINTS_SYNC_DELAY_MS, draftFromDetail } from '../builder-draft';
import {
  builderReducer,
  initialBuilderState,
  isDirty,
  pickedIds,
  toSectionsInput,
  type BuilderAction,
  type BuilderState,
} from '../builder-state';

/** The paper being built and what the page knows of its saved copy on the server. */
export function useBuilderDraft(initial: PaperDetail | undefined) {
  const [state, dispatch] = useReducer(builderReducer, undefined, () => {
    const base = initialBuilderState();
    if (!initial) return base;
    return builderReducer(base, { type: 'load', ...draftFromDetail(initial) });
  });
  const [paperId, setPaperId] = useState<number | undefined>(initial?.paperId);
  const [status, setStatus] = useState<number>(initial?.status ?? 0);
  const [paperBankId, setPaperBankId] = useState<number | undefined>(initial?.paperBankId || undefined);
  const [autosavedAt, setAutosavedAt] = useState<number | null>(null);
  return {
    state,
    dispatch,
    paperId,
    setPaperId,
    status,
    setStatus,
    paperBankId,
    setPaperBankId,
    autosavedAt,
    setAutosavedAt,
  };
}

export type BuilderDraft = ReturnType<typeof useBuilderDraft>;

/** The refs the writes share: the latest state, and the question ids as last saved on the server. */
export interface BuilderRefs {
  /** Question ids of the content as last saved on the server (points of these sync at once). */
  savedIdsRef: RefObject<Set<number>>;
  stateRef: RefObject<BuilderState>;
}

/** 保存, 另存为 and the draft autosave, and what follows a write. */
export function useBuilderWrites({
  initial,
  draft,
  refs,
  allowNext,
  onSavedAs,
}: {
  initial: PaperDetail | undefined;
  draft: BuilderDraft;
  refs: BuilderRefs;
  /** Lets the next navigation through the leave guard. */
  allowNext: () => void;
  /** After 另存为 succeeds, before leaving for the copy. */
  onSavedAs: () => void;
}) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { paperId, paperBankId, dispatch } = draft;

  const inputOf = (snapshot: BuilderState, name: string): PaperInput => ({
    name,
    ...(paperBankId !== undefined ? { paperBankId } : {}),
    type: 0,
    settings: { ...(initial?.settings ?? {}), classifyByType: snapshot.classifyByType },
    sectionVOS: toSectionsInput(snapshot.paper),
  });

  const afterWrite = (saved: PaperDetail, revision: number, replaceUrl: boolean) => {
    dispatch({ type: 'saved', revision });
    refs.savedIdsRef.current = new Set(pickedIds(draftFromDetail(saved).paper));
    draft.setStatus(saved.status);
    draft.setPaperId(saved.paperId);
    queryClient.setQueryData(paperKeys.detail(saved.paperId), saved);
    void queryClient.invalidateQueries({ queryKey: paperKeys.all, refetchType: 'none' });
    void queryClient.invalidateQueries({ queryKey: ['papers', 'list'] });
    if (replaceUrl) {
      allowNext();
      void navigate(`/manage/paper/editor?paperId=${saved.paperId}`, { replace: true });
    }
  };

  const save = useMutation({
    mutationFn: ({ snapshot }: { snapshot: BuilderState }) =>
      savePaper({
        ...inputOf(snapshot, snapshot.paper.name.trim()),
        ...(paperId ? { paperId } : {}),
        status: 'saved',
      }),
    onSuccess: (saved, { snapshot }) => {
      message.success(`试卷「${saved.name}」已保存`);
      afterWrite(saved, snapshot.revision, paperId === undefined);
    },
  });

  const saveAs = useMutation({
    mutationFn: ({ snapshot, name }: { snapshot: BuilderState; name: string }) =>
      savePaper({ ...inputOf(snapshot, name), status: 'saved' }),
    onSuccess: (saved) => {
      message.success(`已另存为「${saved.name}」`);
      onSavedAs();
      // The copy is saved; the original keeps its unsaved state, so leave without asking.
      allowNext();
      void queryClient.invalidateQueries({ queryKey: ['papers', 'list'] });
      void navigate(`/manage/paper/editor?paperId=${saved.paperId}`);
    },
  });

  const autosave = useMutation({
    mutationFn: ({ snapshot }: { snapshot: BuilderState }) => {
      const input = { ...inputOf(snapshot, snapshot.paper.name.trim()), status: 'draft' as const };
      return paperId === undefined ? createPaper(input) : savePaper({ ...input, paperId });
    },
    onSuccess: (saved, { snapshot }) => {
      draft.setAutosavedAt(Date.now());
      afterWrite(saved, snapshot.revision, paperId === undefined);
    },
  });

  return { save, saveAs, autosave };
}

type Writes = ReturnType<typeof useBuilderWrites>;

/** Autosave: only papers never saved by hand (new or draft); a saved paper changes only on 保存. */
export function useAutosave({
  state,
  dirty,
  canAutosave,
  writes: { save, autosave },
  stateRef,
}: {
  state: BuilderState;
  dirty: boolean;
  canAutosave: boolean;
  writes: Writes;
  stateRef: RefObject<BuilderState>;
}) {
  useEffect(() => {
    if (!dirty || !canAutosave || save.isPending || autosave.isPending) return;
    const timer = setTimeout(() => autosave.mutate({ snapshot: stateRef.current }), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- restart the quiet period on every change
  }, [state.revision, canAutosave, save.isPending, autosave.isPending]);
}

/** Points of questions already saved go to the server at once (spec §7 modify/point). */
export function usePointsSync(
  paperId: number | undefined,
  { savedIdsRef, stateRef }: BuilderRefs,
  dispatch: Dispatch<BuilderAction>,
) {
  const pointTimers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const timers = pointTimers.current;
    return () => timers.forEach((timer) => clearTimeout(timer));
  }, []);
  return useCallback(
    (questionId: number, points: number) => {
      if (paperId === undefined || !savedIdsRef.current.has(questionId)) return;
      const before = stateRef.current;
      const wasClean = !isDirty(before);
      const revision = before.revision + 1;
      const timers = pointTimers.current;
      const pending = timers.get(questionId);
      if (pending) clearTimeout(pending);
      timers.set(
        questionId,
        setTimeout(() => {
          timers.delete(questionId);
          modifyPoints(paperId, [{ questionId, points }])
            .then(() => {
              if (wasClean) dispatch({ type: 'saved', revision });
            })
            .catch(() => undefined);
        }, POINTS_SYNC_DELAY_MS),
      );
    },
    // The refs and dispatch never change: as before, only a new paperId makes a new callback.
    [paperId, savedIdsRef, stateRef, dispatch],
  );
}
