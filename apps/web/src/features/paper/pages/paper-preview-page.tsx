import { useState, type ReactNode } from 'react';
import { Button, Card, Segmented, Space, Typography } from 'antd';
import { PrinterOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { LinkButton } from '../../../app/link-button';
import { PageEmpty, PageError, PageLoading } from '../../../app/page-states';
import { drawForCandidate, fetchPaper, paperKeys, type CandidatePaper } from '../api';
import { PaperView, type ViewPaper } from '../components/paper-view';
import '../paper.css';

type Version = 'candidate' | 'answers';
type Layout = 'screen' | 'print';

function toView(draw: CandidatePaper): ViewPaper {
  return {
    name: draw.name,
    totalScore: draw.totalScore,
    questionCount: draw.questionCount,
    sections: draw.sections.map((section) => ({
      name: section.name,
      questions: section.questions.map((q) => ({
        questionId: q.questionId,
        type: q.type,
        typeLabel: q.typeLabel,
        stem: q.stem,
        options: q.options,
        answer: q.answer,
        analysis: q.analysis,
        points: q.points,
      })),
    })),
  };
}

/** 考生视图 / 答案版, 屏幕版式 / 打印版式, 换一位考生抽题 (random papers), 试卷详情 and 打印. */
function PreviewToolbar(props: {
  paperId: number;
  version: Version;
  onVersion: (version: Version) => void;
  layout: Layout;
  onLayout: (layout: Layout) => void;
  /** Draws again as another candidate; only for papers drawn per candidate. */
  onRedraw: (() => void) | undefined;
}): ReactNode {
  const { paperId, version, onVersion, layout, onLayout, onRedraw } = props;
  return (
    <div className="kp-preview__toolbar">
      <Typography.Title level={5} style={{ margin: 0 }}>
        试卷预览
      </Typography.Title>
      <Segmented<Version>
        value={version}
        onChange={onVersion}
        options={[
          { value: 'candidate', label: '考生视图' },
          { value: 'answers', label: '答案版' },
        ]}
      />
      <Segmented<Layout>
        value={layout}
        onChange={onLayout}
        options={[
          { value: 'screen', label: '屏幕版式' },
          { value: 'print', label: '打印版式' },
        ]}
      />
      {onRedraw ? (
        <Button icon={<ReloadOutlined />} onClick={onRedraw}>
          换一位考生抽题
        </Button>
      ) : null}
      <span style={{ flex: 1 }} />
      <Space>
        <LinkButton to={`/manage/paper/detail?paperId=${paperId}`}>试卷详情</LinkButton>
        <Button
          type="primary"
          icon={<PrinterOutlined />}
          onClick={() => {
            onLayout('print');
            // Let the print layout render before the dialog snapshots the page.
            setTimeout(() => window.print(), 50);
          }}
        >
          打印
        </Button>
      </Space>
    </div>
  );
}

/**
 * /manage/paper/preview?paperId=: the paper as a candidate sees it (the server's draw for a candidate, so
 * random papers and shuffling show as they will), the answer-key version, and a print layout.
 */
export default function PaperPreviewPage(): ReactNode {
  const [searchParams] = useSearchParams();
  const paperId = Number(searchParams.get('paperId')) || undefined;
  const [version, setVersion] = useState<Version>(
    searchParams.get('answers') === '1' ? 'answers' : 'candidate',
  );
  const [layout, setLayout] = useState<Layout>('screen');
  const [seed, setSeed] = useState('preview');

  const paper = useQuery({
    queryKey: paperKeys.detail(paperId ?? 0),
    queryFn: () => fetchPaper(paperId as number),
    enabled: paperId !== undefined,
  });
  const draw = useQuery({
    queryKey: ['papers', 'draw', paperId, seed, paper.data?.updatedAt],
    queryFn: () => drawForCandidate(paperId as number, seed),
    enabled: paperId !== undefined && paper.isSuccess,
  });

  if (paperId === undefined) return <PageEmpty description="请从试卷列表选择要预览的试卷" />;
  if (paper.isError || draw.isError)
    return (
      <PageError
        description={draw.error?.message ?? '试卷加载失败，请稍后重试。'}
        onRetry={() => {
          void paper.refetch();
          void draw.refetch();
        }}
      />
    );
  if (paper.isPending || draw.isPending) return <PageLoading />;
  const perCandidate = Boolean(paper.data.settings.drawPerCandidate);
  const view = toView(draw.data);

  return (
    <div className={`kp-preview kp-preview--${layout}`}>
      <Card size="small" className="kp-preview__toolbar-card">
        <PreviewToolbar
          paperId={paperId}
          version={version}
          onVersion={setVersion}
          layout={layout}
          onLayout={setLayout}
          onRedraw={perCandidate ? () => setSeed(`preview-${Date.now()}`) : undefined}
        />
        {perCandidate ? (
          <Typography.Text type="secondary">
            此试卷为每位考生单独抽题，下面是一位考生可能抽到的试卷。
          </Typography.Text>
        ) : null}
        {paper.data.settings.shuffleQuestions || paper.data.settings.shuffleOptions ? (
          <Typography.Text type="secondary">
            {' '}
            已开启{paper.data.settings.shuffleQuestions ? '试题乱序' : ''}
            {paper.data.settings.shuffleQuestions && paper.data.settings.shuffleOptions ? '、' : ''}
            {paper.data.settings.shuffleOptions ? '选项乱序' : ''}，每位考生看到的顺序不同。
          </Typography.Text>
        ) : null}
      </Card>
      {view.questionCount === 0 ? (
        <PageEmpty description="试卷中还没有试题" />
      ) : (
        <div className="kp-print-area" data-testid="print-area">
          <PaperView paper={view} showAnswers={version === 'answers'} printHeader={layout === 'print'} />
        </div>
      )}
    </div>
  );
}
