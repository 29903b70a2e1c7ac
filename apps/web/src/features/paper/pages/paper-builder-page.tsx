import type { ReactNode } from 'react';
import { Card } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { PageError, PageLoading } from '../../../app/page-states';
import { fetchPaper, paperKeys, type PaperDetail } from '../api';
import { AUTOSAVE_DELAY_MS, draftFromDetail } from '../builder-draft';
import { BuilderHead, SaveAsDialog } from '../components/builder-head';
import { PaperOutline } from '../components/paper-outline';
import { QuestionPicker } from '../components/question-picker';
import { usePaperBuilder } from './use-paper-builder';
import '../paper.css';

export { AUTOSAVE_DELAY_MS, draftFromDetail };

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
  const model = usePaperBuilder(initial);
  const { state, dispatch } = model.draft;
  return (
    <div className="kp-builder">
      <BuilderHead model={model} />
      <div className="kp-builder__body">
        <Card size="small" title="选择试题" className="kp-builder__picker">
          <QuestionPicker picked={model.picked} onPick={model.onPick} />
        </Card>
        <Card size="small" title="试卷结构" className="kp-builder__paper" data-testid="paper-outline">
          <PaperOutline state={state} dispatch={dispatch} onPointsChange={model.onPointsChange} />
        </Card>
      </div>
      <SaveAsDialog model={model} />
    </div>
  );
}
