import { useMemo, useState, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Alert, Button, Progress, Result } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { psychPaths } from '@kaopei/shared/contracts/psych';
import { LinkButton } from '../../../app/link-button';
import { PageError, PageLoading } from '../../../app/page-states';
import { LearnerHeader } from '../../../app/layout/learner-header';
import { LearnerShell } from '../../../app/layout/learner-shell';
import {
  fetchMyPaper,
  fetchMyResult,
  psychKeys,
  saveMyAnswers,
  submitMyAnswers,
  type MyPaper,
  type MyResult,
} from '../api';
import { LikertItem } from '../components/likert-item';
import { ScoreCards } from '../components/score-cards';
import { progressOf } from '../psych-rules';
import '../psych.css';

function ResultView({ result }: { result: MyResult }): ReactNode {
  return (
    <div className="kp-psych-take">
      <Result status="success" title="已提交，感谢您的参与" subTitle={result.name} />
      {result.hidden ? (
        <Alert
          type="info"
          showIcon
          message={
            result.anonymous && result.scores.length === 0
              ? '匿名测评的结果不与您关联，只在提交时显示一次。'
              : '管理员设置为不向员工显示结果。'
          }
        />
      ) : (
        <>
          {result.anonymous ? (
            <Alert
              type="info"
              showIcon
              message="这是匿名测评：结果只显示这一次，之后无法再查看。"
              style={{ marginBottom: 12 }}
            />
          ) : null}
          <ScoreCards scores={result.scores} />
        </>
      )}
      <LinkButton to={psychPaths.myList} style={{ marginTop: 12 }}>
        返回心理测评
      </LinkButton>
    </div>
  );
}

function useAnswering(paper: MyPaper, onSubmitted: (result: MyResult) => void) {
  const [answers, setAnswers] = useState(() => new Map(paper.answers.map((a) => [a.no, a.value])));
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (entry: { no: number; value: number }) => saveMyAnswers(paper.mentalExamId, [entry]),
  });
  const submit = useMutation({
    mutationFn: () =>
      submitMyAnswers(
        paper.mentalExamId,
        [...answers].map(([no, value]) => ({ no, value })),
      ),
    onSuccess: async (result) => {
      await client.invalidateQueries({ queryKey: psychKeys.all });
      onSubmitted(result);
    },
  });
  const choose = (no: number, value: number) => {
    setAnswers((current) => new Map(current).set(no, value));
    save.mutate({ no, value });
  };
  return { answers, choose, save, submit };
}

function Answering({
  paper,
  onSubmitted,
}: {
  paper: MyPaper;
  onSubmitted: (result: MyResult) => void;
}): ReactNode {
  const { answers, choose, save, submit } = useAnswering(paper, onSubmitted);
  const nos = useMemo(() => paper.items.map((item) => item.no), [paper.items]);
  const progress = progressOf(nos, answers);
  const [index, setIndex] = useState(() => Math.max(0, nos.indexOf(progress.firstMissing ?? 1)));
  const single = paper.layout === 'single';
  const shown = single ? paper.items.slice(index, index + 1) : paper.items;
  const complete = progress.firstMissing === null;
  return (
    <div className="kp-psych-take">
      <div className="kp-psych-progress" aria-live="polite">
        <Progress percent={progress.percent} showInfo={false} aria-label="作答进度" />
        <span data-testid="psych-progress">
          已答 {progress.done} / {progress.total} 题{single ? ` · 第 ${index + 1} 题` : ''}
          {save.isPending
            ? ' · 保存中…'
            : save.isError
              ? ' · 保存失败，请重选'
              : progress.done > 0
                ? ' · 已自动保存'
                : ''}
        </span>
      </div>
      {paper.instructions && index === 0 ? (
        <Alert type="info" message={paper.instructions} style={{ margin: '8px 0' }} />
      ) : null}
      {shown.map((item) => (
        <div key={item.no} className={single ? undefined : 'kp-psych-list-item'}>
          <LikertItem
            no={item.no}
            stem={item.stem}
            labels={paper.optionLabels}
            value={answers.get(item.no)}
            onChange={(v) => choose(item.no, v)}
          />
        </div>
      ))}
      <div className="kp-psych-nav">
        {single ? (
          <Button disabled={index === 0} onClick={() => setIndex(index - 1)}>
            上一题
          </Button>
        ) : null}
        {single && index < nos.length - 1 ? (
          <Button type="primary" onClick={() => setIndex(index + 1)}>
            下一题
          </Button>
        ) : null}
        {!complete && (!single || index === nos.length - 1) ? (
          <Button
            onClick={() => setIndex(Math.max(0, nos.indexOf(progress.firstMissing ?? 1)))}
            disabled={!single}
          >
            还有 {progress.total - progress.done} 题未答
          </Button>
        ) : null}
        {complete && (!single || index === nos.length - 1) ? (
          <Button type="primary" loading={submit.isPending} onClick={() => submit.mutate()}>
            提交
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** /m/psych/:mentalExamId: answer a mental exam (resumable), or see my result (?view=result). */
export default function TakeMentalPage(): ReactNode {
  const mentalExamId = Number(useParams().mentalExamId);
  const [params] = useSearchParams();
  const viewResult = params.get('view') === 'result';
  const [submitted, setSubmitted] = useState<MyResult | null>(null);
  const paper = useQuery({
    queryKey: psychKeys.paper(mentalExamId),
    queryFn: () => fetchMyPaper(mentalExamId),
    enabled: !viewResult,
    retry: false,
    gcTime: 0,
  });
  const result = useQuery({
    queryKey: psychKeys.myResult(mentalExamId),
    queryFn: () => fetchMyResult(mentalExamId),
    enabled: viewResult,
    retry: false,
  });
  let body: ReactNode;
  if (submitted) body = <ResultView result={submitted} />;
  else if (viewResult)
    body = result.isPending ? (
      <PageLoading />
    ) : result.isError ? (
      <PageError onRetry={() => void result.refetch()} />
    ) : (
      <ResultView result={result.data} />
    );
  else
    body = paper.isPending ? (
      <PageLoading />
    ) : paper.isError ? (
      <PageError onRetry={() => void paper.refetch()} />
    ) : (
      <Answering paper={paper.data} onSubmitted={setSubmitted} />
    );
  return (
    <LearnerShell>
      <LearnerHeader title={paper.data?.name ?? result.data?.name ?? '心理测评'} back={psychPaths.myList} />
      <main className="kp-m-main">{body}</main>
    </LearnerShell>
  );
}
