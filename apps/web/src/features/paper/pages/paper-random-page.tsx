import type { ReactNode } from 'react';
import { Form } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { PageError, PageLoading } from '../../../app/page-states';
import { fetchPaper, paperKeys, type PaperDetail } from '../api';
import {
  RandomPaperActions,
  RandomPaperMetaCard,
  RandomSectionList,
} from '../components/random-paper-fields';
import { initialRandomForm, toRandomInput, type RandomForm } from '../random-paper-form';
import { useRandomPaper } from './use-random-paper';
import '../paper.css';

export { toRandomInput };

/** /manage/paper/random (?paperId= to change one): rules per section; drawn once or per candidate. */
export default function PaperRandomPage(): ReactNode {
  const [searchParams] = useSearchParams();
  const paperId = Number(searchParams.get('paperId')) || undefined;
  const detail = useQuery({
    queryKey: paperKeys.detail(paperId ?? 0),
    queryFn: () => fetchPaper(paperId as number),
    enabled: paperId !== undefined,
  });
  if (paperId !== undefined && detail.isPending) return <PageLoading />;
  if (paperId !== undefined && detail.isError)
    return <PageError description="试卷加载失败，请稍后重试。" onRetry={() => void detail.refetch()} />;
  return <RandomPaperForm key={paperId ?? 'new'} paperId={paperId} initial={detail.data} />;
}

function RandomPaperForm({
  paperId,
  initial,
}: {
  paperId?: number | undefined;
  initial?: PaperDetail | undefined;
}) {
  const { form, save, options, navigate } = useRandomPaper(paperId, initial);
  return (
    <div className="kp-paper-page">
      <Form<RandomForm>
        form={form}
        layout="vertical"
        initialValues={initialRandomForm()}
        onFinish={(values) => save.mutate(values)}
        scrollToFirstError
      >
        <RandomPaperMetaCard paperId={paperId} paperBankOptions={options.paperBankOptions} />
        <RandomSectionList bankOptions={options.bankOptions} tagOptions={options.tagOptions} />
        <RandomPaperActions
          paperId={paperId}
          error={save.isError ? save.error : null}
          saving={save.isPending}
          onCancel={() => void navigate('/manage/paper/list')}
        />
      </Form>
    </div>
  );
}
