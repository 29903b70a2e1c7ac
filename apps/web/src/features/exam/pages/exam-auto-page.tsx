import { useState, type ReactNode } from 'react';
import { App, Button, Card, Input, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import dayjs from 'dayjs';
import { DEFAULT_PAGE_SIZE } from '@kaopei/shared';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
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
import { leadText } from '../auto-rules';
import { AutoRuleDrawer } from '../components/auto-rule-drawer';
import { AutoRuleExams } from '../components/auto-rule-exams';
import '../exam.css';

const time = (ms: number | null) => (ms === null ? '-' : dayjs(ms).format('YYYY-MM-DD HH:mm'));

/**
 * /manage/exam/auto: rules that generate a paper, create and publish an exam for chosen departments,
 * once or every week or month. The server's scheduler runs them; 立即生成 creates the next exam now.
 */
export default function ExamAutoPage(): ReactNode {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState({ page: 1, size: DEFAULT_PAGE_SIZE });
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<{ rule: AutoRuleRow | null } | null>(null);
  const [examsOf, setExamsOf] = useState<AutoRuleRow | null>(null);

  const list = useQuery({
    queryKey: autoKeys.list(keyword, paging.page, paging.size),
    queryFn: () => searchAutoRules(keyword, paging.page - 1, paging.size),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: autoKeys.all });

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
  const remove = useMutation({
    mutationFn: deleteAutoRules,
    onSuccess: (result, ids) => {
      message.success(`已删除 ${result.count} 条规则`);
      setSelected((keys) => keys.filter((key) => !ids.includes(key)));
      const rows = list.data?.data.length ?? 0;
      if (rows <= ids.length && paging.page > 1) setPaging((p) => ({ ...p, page: p.page - 1 }));
      refresh();
    },
  });

  const confirmDelete = (rules: AutoRuleRow[]) =>
    modal.confirm({
      title:
        rules.length === 1 ? `删除规则「${rules[0]?.name ?? ''}」？` : `删除选中的 ${rules.length} 条规则？`,
      content: '规则删除后不再生成考试；已生成的考试保留。',
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => remove.mutateAsync(rules.map((rule) => rule.ruleId)).catch(() => undefined),
    });
  const confirmRun = (rule: AutoRuleRow) =>
    modal.confirm({
      title: `立即生成「${rule.name}」的下一场考试？`,
      content: `马上组卷，创建并发布开考时间为 ${time(rule.nextStartAt)} 的考试，并通知考生。`,
      okText: '立即生成',
      cancelText: '取消',
      onOk: () => run.mutateAsync(rule).catch(() => undefined),
    });

  const columns: DataTableColumn<AutoRuleRow>[] = [
    { title: '规则名称', dataIndex: 'name', width: 200 },
    { title: '重复', dataIndex: 'recurrenceLabel', width: 70 },
    {
      title: '下次开考',
      dataIndex: 'nextStartAt',
      width: 150,
      render: (_v, row) =>
        row.nextStartAt === null ? (
          <Typography.Text type="secondary">无</Typography.Text>
        ) : (
          <Tooltip title={`${leadText(row.leadMinutes)}，${time(row.nextRunAt)} 生成`}>
            {time(row.nextStartAt)}
          </Tooltip>
        ),
    },
    { title: '已生成', dataIndex: 'runs', width: 70, render: (v) => `${Number(v)} 场` },
    { title: '最近一场考试', key: 'lastExam', width: 220, slot: 'lastExam' },
    { title: '状态', key: 'enabled', width: 90, slot: 'enabled' },
    { title: '最近错误', key: 'lastError', width: 240, slot: 'lastError' },
    { title: '操作', key: 'actions', width: 260, slot: 'actions', fixed: 'right' },
  ];

  return (
    <Card size="small" className="kp-exam-page">
      <div className="kp-exam-filters" style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder="搜索规则名称"
          aria-label="搜索规则"
          maxLength={100}
          style={{ width: 260 }}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPaging((p) => ({ ...p, page: 1 }));
          }}
        />
      </div>
      {list.isError ? (
        <PageError description="自动考试规则加载失败，请稍后重试。" onRetry={() => void list.refetch()} />
      ) : (
        <DataTable<AutoRuleRow>
          rowKey="ruleId"
          columns={columns}
          dataSource={list.data?.data ?? []}
          total={list.data?.total ?? 0}
          loading={list.isFetching}
          pagination={paging}
          onPageChange={(page, size) => setPaging({ page, size })}
          selectable
          selectedRowKeys={selected}
          onSelectionChange={(keys) => setSelected(keys.map(Number))}
          autoHeight={false}
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
          slots={{
            lastExam: (row) =>
              row.lastExam ? (
                <Typography.Link
                  onClick={() =>
                    void navigate(`/manage/exam/newExamDetail?examId=${row.lastExam?.examId ?? 0}`)
                  }
                >
                  {row.lastExam.name}
                </Typography.Link>
              ) : (
                <Typography.Text type="secondary">-</Typography.Text>
              ),
            enabled: (row) => (
              <Switch
                size="small"
                checked={row.enabled}
                checkedChildren="启用"
                unCheckedChildren="停用"
                aria-label={`「${row.name}」启用`}
                loading={toggle.isPending && toggle.variables?.rule.ruleId === row.ruleId}
                onChange={(enabled) => toggle.mutate({ rule: row, enabled })}
              />
            ),
            lastError: (row) =>
              row.lastError ? (
                <Typography.Text type="danger" ellipsis={{ tooltip: row.lastError }}>
                  {row.lastError}
                </Typography.Text>
              ) : (
                <Tag color="green">正常</Tag>
              ),
            actions: (row) => (
              <Space size={0} wrap>
                <Button type="link" size="small" onClick={() => setEditing({ rule: row })}>
                  编辑
                </Button>
                <Button
                  type="link"
                  size="small"
                  disabled={row.nextStartAt === null}
                  loading={run.isPending && run.variables?.ruleId === row.ruleId}
                  onClick={() => confirmRun(row)}
                >
                  立即生成
                </Button>
                <Button type="link" size="small" onClick={() => setExamsOf(row)}>
                  考试
                </Button>
                <Button type="link" size="small" danger onClick={() => confirmDelete([row])}>
                  删除
                </Button>
              </Space>
            ),
          }}
        />
      )}
      <AutoRuleDrawer open={editing !== null} rule={editing?.rule ?? null} onClose={() => setEditing(null)} />
      <AutoRuleExams rule={examsOf} onClose={() => setExamsOf(null)} />
    </Card>
  );
}
