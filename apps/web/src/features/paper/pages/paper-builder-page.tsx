import { useCallback, useEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Switch,
  Tooltip,
  Typography,
} from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import dayjs from 'dayjs';
import { paperTotals } from '@kaopei/shared';
import { PageError, PageLoading } from '../../../app/page-states';
import { fetchBanksByCategory, paperBankKeys } from '../../paper-bank/api';
import {
  createPaper,
  fetchPaper,
  modifyPoints,
  paperKeys,
  savePaper,
  type PaperDetail,
  type PaperInput,
  type PickRow,
} from '../api';
import {
  builderReducer,
  initialBuilderState,
  isDirty,
  pickedIds,
  toSectionsInput,
  type BuilderState,
  type QuestionSummary,
} from '../builder-state';
import { PaperOutline } from '../components/paper-outline';
import { PaperStats } from '../components/paper-stats';
import { QuestionPicker } from '../components/question-picker';
import { useLeaveGuard } from '../components/use-leave-guard';
import '../paper.css';

/** Unsaved changes of a new or draft paper are saved as a draft after this much quiet. */
export const AUTOSAVE_DELAY_MS = 8000;
const POINTS_SYNC_DELAY_MS = 600;

function summaryOf(
  row: Pick<PickRow, 'questionId' | 'type' | 'typeLabel' | 'stemText' | 'difficulty' | 'bankName'>,
) {
  return {
    questionId: row.questionId,
    type: row.type,
    typeLabel: row.typeLabel,
    stemText: row.stemText,
    difficulty: row.difficulty,
    bankName: row.bankName,
  } satisfies QuestionSummary;
}

/** The builder's content as a paper loaded from the server. */
export function draftFromDetail(detail: PaperDetail) {
  return {
    paper: {
      name: detail.name,
      sectionVOS: detail.sectionVOS.map((section) => ({
        name: section.name,
        questionVOS: section.questionVOS.map((q) => ({
          questionId: q.questionId,
          questionType: q.type,
          difficulty: q.difficulty,
          points: q.points,
        })),
      })),
    },
    info: detail.sectionVOS.flatMap((section) => section.questionVOS.map(summaryOf)),
    classifyByType: detail.settings.classifyByType ?? false,
  };
}

/**
 * The manual builder (/manage/paper/manual for a new paper; /manage/paper/editor and /manage/paper/edit
 * with ?paperId= for an existing one): question picker on the left, the paper on the right.
 */
export default function PaperBuilderPage(): ReactNode {
  const [searchParams] = useSearchParams();
  const paperId = Number(searchParams.get('paperId')) || undefined;
  const detail = useQuery({
    queryKey: paperKeys.detail(paperId ?? 0),
    queryFn: () => fetchPaper(paperId as number),
    enabled: paperId !== undefined,
    // The builder owns the content once loaded; do not reload it under the user's hands.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

  if (paperId !== undefined && detail.isPending) return <PageLoading />;
  if (paperId !== undefined && detail.isError)
    return <PageError description="试卷加载失败，请稍后重试。" onRetry={() => void detail.refetch()} />;
  return <PaperBuilder key={paperId ?? 'new'} initial={detail.data} />;
}

export function PaperBuilder({ initial }: { initial?: PaperDetail | undefined }): ReactNode {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(builderReducer, undefined, () => {
    const base = initialBuilderState();
    if (!initial) return base;
    return builderReducer(base, { type: 'load', ...draftFromDetail(initial) });
  });
  const [paperId, setPaperId] = useState<number | undefined>(initial?.paperId);
  const [status, setStatus] = useState<number>(initial?.status ?? 0);
  const [paperBankId, setPaperBankId] = useState<number | undefined>(initial?.paperBankId || undefined);
  const [autosavedAt, setAutosavedAt] = useState<number | null>(null);
  const [saveAsOpen, setSaveAsOpen] = useState(false);
  const [saveAsForm] = Form.useForm<{ name: string }>();
  /** Question ids of the content as last saved on the server (points of these sync at once). */
  const savedIdsRef = useRef(new Set(initial ? pickedIds(draftFromDetail(initial).paper) : []));
  const stateRef = useRef<BuilderState>(state);
  stateRef.current = state;
  const dirty = isDirty(state);
  const guard = useLeaveGuard(dirty);

  const banks = useQuery({ queryKey: paperBankKeys.grouped, queryFn: fetchBanksByCategory });
  const totals = useMemo(() => paperTotals(state.paper), [state.paper]);
  const picked = useMemo(() => pickedIds(state.paper), [state.paper]);

  const inputOf = (snapshot: BuilderState, name: string): PaperInput => ({
    name,
    ...(paperBankId !== undefined ? { paperBankId } : {}),
    type: 0,
    settings: { ...(initial?.settings ?? {}), classifyByType: snapshot.classifyByType },
    sectionVOS: toSectionsInput(snapshot.paper),
  });

  const afterWrite = (saved: PaperDetail, revision: number, replaceUrl: boolean) => {
    dispatch({ type: 'saved', revision });
    savedIdsRef.current = new Set(pickedIds(draftFromDetail(saved).paper));
    setStatus(saved.status);
    setPaperId(saved.paperId);
    queryClient.setQueryData(paperKeys.detail(saved.paperId), saved);
    void queryClient.invalidateQueries({ queryKey: paperKeys.all, refetchType: 'none' });
    void queryClient.invalidateQueries({ queryKey: ['papers', 'list'] });
    if (replaceUrl) {
      guard.allowNext();
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
      setSaveAsOpen(false);
      // The copy is saved; the original keeps its unsaved state, so leave without asking.
      guard.allowNext();
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
      setAutosavedAt(Date.now());
      afterWrite(saved, snapshot.revision, paperId === undefined);
    },
  });

  // Autosave: only papers never saved by hand (new or draft); a saved paper changes only on 保存.
  const canAutosave = status === 0 && state.paper.name.trim() !== '' && picked.length > 0;
  useEffect(() => {
    if (!dirty || !canAutosave || save.isPending || autosave.isPending) return;
    const timer = setTimeout(() => autosave.mutate({ snapshot: stateRef.current }), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- restart the quiet period on every change
  }, [state.revision, canAutosave, save.isPending, autosave.isPending]);

  // Points of questions already saved go to the server at once (spec §7 modify/point).
  const pointTimers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const timers = pointTimers.current;
    return () => timers.forEach((timer) => clearTimeout(timer));
  }, []);
  const onPointsChange = useCallback(
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
    [paperId],
  );

  const trySave = () => {
    if (!state.paper.name.trim()) {
      message.warning('请填写试卷名称');
      return;
    }
    if (picked.length === 0) {
      message.warning('试卷中还没有试题');
      return;
    }
    save.mutate({ snapshot: state });
  };

  const onPick = (row: PickRow) => dispatch({ type: 'pick', question: summaryOf(row) });

  const bankOptions = (banks.data ?? [])
    .filter((group) => group.paperBanks.length > 0)
    .map((group) => ({
      label: group.categoryName,
      title: group.categoryName,
      options: group.paperBanks.map((bank) => ({ label: bank.name, value: bank.paperBankId })),
    }));

  return (
    <div className="kp-builder">
      <Card size="small" className="kp-builder__head">
        <div className="kp-builder__meta">
          <Input
            value={state.paper.name}
            onChange={(event) => dispatch({ type: 'name', name: event.target.value })}
            placeholder="请输入试卷名称"
            aria-label="试卷名称"
            maxLength={200}
            className="kp-builder__name"
          />
          <Select
            allowClear
            value={paperBankId}
            onChange={(value?: number) => {
              setPaperBankId(value);
              dispatch({ type: 'touch' });
            }}
            placeholder="所属试卷库（可选）"
            aria-label="所属试卷库"
            style={{ width: 200 }}
            loading={banks.isPending}
            options={bankOptions}
          />
          <Tooltip title="开启后，选中的试题放入以其题型命名的大题（没有时自动新建）">
            <Space size={4}>
              <Switch
                checked={state.classifyByType}
                onChange={(on) => dispatch({ type: 'classify', on })}
                aria-label="按题型分类"
              />
              <span>按题型分类</span>
            </Space>
          </Tooltip>
          <span className="kp-builder__spacer" />
          <Typography.Text type="secondary" className="kp-builder__state" data-testid="builder-state">
            {save.isPending || autosave.isPending
              ? '正在保存…'
              : dirty
                ? status === 1
                  ? '有未保存的修改'
                  : '有未保存的修改（草稿会自动保存）'
                : autosavedAt
                  ? `草稿已自动保存 ${dayjs(autosavedAt).format('HH:mm:ss')}`
                  : paperId
                    ? status === 1
                      ? '已保存'
                      : '草稿'
                    : '新试卷'}
          </Typography.Text>
          <Button
            disabled={paperId === undefined}
            onClick={() => {
              if (paperId === undefined) return;
              if (dirty) message.info('预览显示的是最近保存的内容');
              void navigate(`/manage/paper/preview?paperId=${paperId}`);
            }}
          >
            预览
          </Button>
          <Button
            onClick={() => {
              saveAsForm.setFieldsValue({ name: `${state.paper.name.trim() || '未命名试卷'}（副本）` });
              setSaveAsOpen(true);
            }}
            disabled={picked.length === 0}
          >
            另存为
          </Button>
          <Button type="primary" loading={save.isPending} onClick={trySave}>
            保存
          </Button>
        </div>
        <PaperStats totals={totals} />
        {dirty && status === 1 ? (
          <Alert
            type="info"
            showIcon
            className="kp-builder__alert"
            title="已保存的试卷不会自动保存：修改后请点击“保存”（已有试题的分值修改会立即生效）。"
          />
        ) : null}
      </Card>
      <div className="kp-builder__body">
        <Card size="small" title="选择试题" className="kp-builder__picker">
          <QuestionPicker picked={picked} onPick={onPick} />
        </Card>
        <Card size="small" title="试卷结构" className="kp-builder__paper" data-testid="paper-outline">
          <PaperOutline state={state} dispatch={dispatch} onPointsChange={onPointsChange} />
        </Card>
      </div>
      <Modal
        open={saveAsOpen}
        title="另存为新试卷"
        okText="保存"
        cancelText="取消"
        confirmLoading={saveAs.isPending}
        onCancel={() => setSaveAsOpen(false)}
        onOk={() => saveAsForm.submit()}
        forceRender
      >
        <Form
          form={saveAsForm}
          layout="vertical"
          onFinish={(values) => saveAs.mutate({ snapshot: state, name: values.name.trim() })}
        >
          <Form.Item
            name="name"
            label="新试卷名称"
            rules={[
              { required: true, whitespace: true, message: '请输入试卷名称' },
              { max: 200, message: '试卷名称不能超过 200 个字符' },
            ]}
          >
            <Input aria-label="新试卷名称" maxLength={200} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
