import { useState, type ReactNode } from 'react';
import { Alert, App, Button, Card, Segmented, Space, Table, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PageEmpty, PageError, PageLoading } from '../../../app/page-states';
import { analysisKeys, exportExamAnalysis, rescoreExam, type ExamAnalysis, type ItemStatsView } from '../api';
import { coef, score1, TIPS } from '../../../components/analysis/analysis-rules';
import { itemColumns, OptionTable } from '../components/item-columns';
import { Explained } from '../../../components/explained';
import { analysisPaths, useExamAnalysis } from '../components/use-exam-analysis';
import '../../../components/analysis/exam-analysis.css';

function useRescore(a: ExamAnalysis) {
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => rescoreExam(a.examId),
    onSuccess: async (result) => {
      await client.invalidateQueries({ queryKey: analysisKeys.all });
      message.success(
        result.answers === 0
          ? '重新判分完成，没有成绩变化'
          : `重新判分完成：${result.answers} 个答案、${result.attempts} 份答卷的成绩已更新`,
      );
    },
  });
  const confirm = () =>
    void modal.confirm({
      title: `按试题当前答案重新判分「${a.name}」？`,
      content:
        '判断、单选、多选和填空题将按题库中试题当前的答案重新评分，考生成绩、及格与否随之更新；简答题和编程题的评分不变。',
      okText: '重新判分',
      cancelText: '取消',
      onOk: () => mutation.mutateAsync(),
    });
  return { confirm, pending: mutation.isPending };
}

function Body({ a }: { a: ExamAnalysis }): ReactNode {
  const [show, setShow] = useState<'all' | 'flagged'>('all');
  const rescore = useRescore(a);
  const navigate = useNavigate();
  const flagged = a.items.filter((i) => i.flags.length > 0);
  const rows = show === 'flagged' ? flagged : a.items;
  return (
    <Card size="small">
      <div className="kp-analysis-toolbar">
        <div>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {a.name} · 试题分析
          </Typography.Title>
          <Typography.Text type="secondary">
            <Explained label={`信度 ${coef(a.reliability?.value)}`} tip={TIPS.reliability} />，
            <Explained label={`测量标准误 ${score1(a.sem)}`} tip={TIPS.sem} />
            ，高低分组各 {a.groupSize} 人
          </Typography.Text>
        </div>
        <Space wrap>
          <Button onClick={() => void navigate(analysisPaths.detail(a.examId))}>考试概况</Button>
          <Button type="primary" loading={rescore.pending} onClick={rescore.confirm}>
            重新判分
          </Button>
          <Button onClick={() => void exportExamAnalysis(a.examId, a.name)}>导出 Excel</Button>
        </Space>
      </div>
      {flagged.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message={`${flagged.length} 道题需要复核`}
          description="区分度为负的题常见原因是答案设置错误：点“编辑试题”修正答案后，回到本页点“重新判分”。"
        />
      ) : null}
      <Segmented
        aria-label="显示范围"
        value={show}
        onChange={(value) => setShow(value as 'all' | 'flagged')}
        options={[
          { label: `全部（${a.items.length}）`, value: 'all' },
          { label: `需复核（${flagged.length}）`, value: 'flagged' },
        ]}
        style={{ marginBottom: 12 }}
      />
      <Table<ItemStatsView>
        rowKey="questionId"
        size="small"
        aria-label="试题统计"
        dataSource={rows}
        columns={itemColumns()}
        scroll={{ x: 1700 }}
        pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
        expandable={{
          rowExpandable: (row) => row.options !== null,
          expandedRowRender: (row) => <OptionTable options={row.options ?? []} />,
        }}
      />
    </Card>
  );
}

/** /manage/analysis/exam/questions?examId=: each question's statistics, flags, distractors, rescore. */
export default function ExamAnalysisQuestionsPage(): ReactNode {
  const { examId, query } = useExamAnalysis();
  if (!examId) return <PageEmpty description="请从考试分析列表选择一场考试" />;
  if (query.isPending) return <PageLoading />;
  if (query.isError) return <PageError description="试题分析加载失败" onRetry={() => void query.refetch()} />;
  return <Body a={query.data} />;
}
