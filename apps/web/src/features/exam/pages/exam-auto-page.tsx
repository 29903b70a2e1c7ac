import { useState, type ReactNode } from 'react';
import { App, Card, Input } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { DataTable, useListPage } from '../../../components/data-table';
import { PageError } from '../../../app/page-states';
import { examKeys } from '../api';
import {
  autoKeys,
  deleteAutoRules,
  enableAutoRule,
  runAutoRule,
  searchAutoRules,
  type AutoRuleRow,
} from '../auto-api';
import { AutoRuleDrawer } from '../components/auto-rule-drawer';
import { AutoRuleExams } from '../components/auto-rule-exams';
import { autoRuleColumns, autoRuleSlots, time } from './exam-auto-columns';
import '../exam.css';

/** The rules: keyword search, paging, selection and delete. */
function useAutoRuleList() {
  const { message } = App.useApp();
  return useListPage({
    initialFilter: { keyword: '' },
    // The key counts pages from 1.
    queryKey: ({ keyword }, page, size) => autoKeys.list(keyword, page + 1, size),
    fetchPage: ({ keyword }, page, size) => searchAutoRules(keyword, page, size),
    rowKey: 'ruleId',
    invalidate: [autoKeys.all],
    remove: (rules: AutoRuleRow[]) => deleteAutoRules(rules.map((rule) => rule.ruleId)),
    onRemoved: (result) => message.success(`已删除 ${result.count} 条规则`),
  });
}

/** 立即生成 (after asking) and the 启用 switch of one rule. */
function useAutoRuleMutations(refresh: () => void) {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const run = useMutation({
    mutationFn: (rule: AutoRuleRow) => runAutoRule(rule.ruleId),
    onSuccess: (exam) => {
      message.success(`已生成并发布考试「${exam.name}」，考生 ${exam.candidateCount} 人`);
      void queryClient.invalidateQueries({ queryKey: examKeys.all });
    },
    // A failure is recorded on the rule (最近错误): show it either way.
    onSettled: refresh,
  });
  const toggle = useMutation({
    mutationFn: ({ rule, enabled }: { rule: AutoRuleRow; enabled: boolean }) =>
      enableAutoRule(rule.ruleId, enabled),
    onSuccess: (rule) => {
      message.success(rule.enabled ? `已启用「${rule.name}」` : `已停用「${rule.name}」`);
      refresh();
    },
  });
  const confirmRun = (rule: AutoRuleRow) =>
    modal.confirm({
      title: `立即生成「${rule.name}」的下一场考试？`,
      content: `马上组卷，创建并发布开考时间为 ${time(rule.nextStartAt)} 的考试，并通知考生。`,
      okText: '立即生成',
      cancelText: '取消',
      onOk: () => run.mutateAsync(rule).catch(() => undefined),
    });
  return {
    run: confirmRun,
    runningId: run.isPending ? run.variables?.ruleId : undefined,
    toggle: (rule: AutoRuleRow, enabled: boolean) => toggle.mutate({ rule, enabled }),
    togglingId: toggle.isPending ? toggle.variables?.rule.ruleId : undefined,
  };
}

/**
 * /manage/exam/auto: rules that generate a paper, create and publish an exam for chosen departments,
 * once or every week or month. The server's scheduler runs them; 立即生成 creates the next exam now.
 */
export default function ExamAutoPage(): ReactNode {
  const navigate = useNavigate();
  const [editing, setEditing] = useState<{ rule: AutoRuleRow | null } | null>(null);
  const [examsOf, setExamsOf] = useState<AutoRuleRow | null>(null);
  const list = useAutoRuleList();
  const mutations = useAutoRuleMutations(() => void list.refresh());

  const confirmDelete = (rules: AutoRuleRow[]) =>
    list.confirmDelete(rules, {
      title:
        rules.length === 1 ? `删除规则「${rules[0]?.name ?? ''}」？` : `删除选中的 ${rules.length} 条规则？`,
      content: '规则删除后不再生成考试；已生成的考试保留。',
    });
  const slots = autoRuleSlots({
    ...mutations,
    openExam: (examId) => void navigate(`/manage/exam/newExamDetail?examId=${examId}`),
    edit: (rule) => setEditing({ rule }),
    showExams: setExamsOf,
    confirmDelete,
  });

  return (
    <Card size="small" className="kp-exam-page">
      <div className="kp-exam-filters" style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder="搜索规则名称"
          aria-label="搜索规则"
          maxLength={100}
          style={{ width: 260 }}
          onSearch={(value) => list.updateFilter({ keyword: value.trim() })}
        />
      </div>
      {list.query.isError ? (
        <PageError
          description="自动考试规则加载失败，请稍后重试。"
          onRetry={() => void list.query.refetch()}
        />
      ) : (
        <DataTable<AutoRuleRow>
          {...list.tableProps}
          columns={autoRuleColumns()}
          scrollX={1300}
          toolbar={[
            { id: 'create', label: '新建规则', type: 'primary', onClick: () => setEditing({ rule: null }) },
            {
              id: 'delete',
              label: '批量删除',
              danger: true,
              disabled: (rows) => rows.length === 0,
              onClick: (rows) => confirmDelete(rows),
            },
          ]}
          slots={slots}
        />
      )}
      <AutoRuleDrawer open={editing !== null} rule={editing?.rule ?? null} onClose={() => setEditing(null)} />
      <AutoRuleExams rule={examsOf} onClose={() => setExamsOf(null)} />
    </Card>
  );
}
