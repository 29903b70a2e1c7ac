import { useMemo, type ReactNode } from 'react';
import { Alert, Card, Form } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { PageError, PageLoading } from '../../../app/page-states';
import { examKeys, fetchExam, type ExamRow } from '../api';
import { examIdParam, examToValues, newExamValues, type ExamFormValues } from '../exam-rules';
import { AntiCheatingFields } from '../components/anti-cheating-fields';
import { AudienceCard, useAudienceSources } from '../components/exam-audience-card';
import { BasicInfoCard, EditorActions, NotifyCard, ResultsCard } from '../components/exam-editor-cards';
import { PaperTimeCard } from '../components/exam-paper-time-card';
import { useExamSave } from '../use-exam-save';
import { useLeaveGuard } from '../../../components/use-leave-guard';
import '../exam.css';

const AUDIENCE_FIELDS = ['audienceMode', 'departmentIds', 'userIds', 'tagIds'] as const;

function ExamForm({ exam }: { exam: ExamRow | null }): ReactNode {
  const [form] = Form.useForm<ExamFormValues>();
  const initialValues = useMemo(() => (exam ? examToValues(exam) : newExamValues()), [exam]);
  const audienceSources = useAudienceSources();
  // Unsaved edits are guarded like the paper builder's; a save lets its own navigation through.
  const guard = useLeaveGuard(() => form.isFieldsTouched());
  const { saving, error, clearError, save } = useExamSave(form, exam, guard.allowNext);
  const published = exam !== null && exam.status === 1;

  return (
    <Form<ExamFormValues>
      form={form}
      layout="vertical"
      name="exam-editor"
      initialValues={initialValues}
      onValuesChange={(changed: Partial<ExamFormValues>) => {
        // The publish-time audience error goes as soon as the audience changes.
        if (AUDIENCE_FIELDS.some((field) => field in changed)) {
          form.setFields([{ name: 'departmentIds', errors: [] }]);
        }
      }}
      className="kp-exam-page kp-exam-editor"
      scrollToFirstError
    >
      {error ? (
        <Alert type="error" showIcon message="保存失败" description={error} closable onClose={clearError} />
      ) : null}
      {published ? (
        <Alert type="info" showIcon message="考试已发布：修改会立即生效；已有考生作答后不能更换试卷。" />
      ) : null}
      <BasicInfoCard />
      <PaperTimeCard knownPapers={exam?.papers ?? []} />
      <ResultsCard />
      <Card size="small" title="防作弊">
        <AntiCheatingFields />
      </Card>
      <AudienceCard initialMode={initialValues.audienceMode} sources={audienceSources} />
      <NotifyCard />
      <EditorActions published={published} saving={saving} onSave={save} />
    </Form>
  );
}

/** /manage/exam/editor (?examId to edit): every setting of an exam; save as a draft or save and publish. */
export default function ExamEditorPage(): ReactNode {
  const [searchParams] = useSearchParams();
  const examId = examIdParam(searchParams);
  const exam = useQuery({
    queryKey: examKeys.detail(examId ?? 0),
    queryFn: () => fetchExam(examId as number),
    enabled: examId !== undefined,
  });
  if (examId === undefined) return <ExamForm key="new" exam={null} />;
  if (exam.isPending) return <PageLoading />;
  if (exam.isError)
    return <PageError description="考试加载失败，请稍后重试。" onRetry={() => void exam.refetch()} />;
  return <ExamForm key={`${examId}-${exam.dataUpdatedAt}`} exam={exam.data} />;
}
