import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Pagination, Progress, Tabs, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { ASSIGNEE_STATUS_LABELS, studyTaskPaths } from '@kaopei/shared';
import { PageEmpty, PageError, PageLoading } from '../../../app/page-states';
import { LearnerHeader } from '../../../app/layout/learner-header';
import { formatDateTime } from '../../../lib/time-format';
import { fetchMyTasks, taskKeys, type MyTaskRow } from '../api';
import { ASSIGNEE_STATUS_COLORS, dueText } from '../study-task-rules';
import '../study-task.css';

const PAGE_SIZE = 10;
type Tab = 'todo' | 'all';
const TABS: { key: Tab; label: string; empty: string }[] = [
  { key: 'todo', label: '待完成', empty: '暂无待完成的任务' },
  { key: 'all', label: '全部', empty: '暂无学习任务' },
];

export function TaskCard({ task }: { task: MyTaskRow }): ReactNode {
  const overdue = task.status === 'overdue';
  return (
    <li>
      <Link to={studyTaskPaths.task(task.id)} className="kp-m-card kp-m-task" data-testid="my-task">
        <div className="kp-m-task__head">
          <span className="kp-m-task__name">{task.name}</span>
          <Tag color={ASSIGNEE_STATUS_COLORS[task.status]}>{ASSIGNEE_STATUS_LABELS[task.status]}</Tag>
        </div>
        <div className={overdue ? 'kp-m-task__due kp-m-task__due--late' : 'kp-m-task__due'}>
          截止 {formatDateTime(task.dueAt)}
          {task.status === 'completed' ? '' : ` · ${dueText(task.dueAt, Date.now())}`}
        </div>
        <Progress
          percent={task.progressPercent}
          size="small"
          status={task.status === 'completed' ? 'success' : overdue ? 'exception' : 'normal'}
          format={() => `${task.doneCount}/${task.itemCount}`}
          aria-label={`完成 ${task.doneCount}/${task.itemCount} 项`}
        />
      </Link>
    </li>
  );
}

function TaskList({ tab }: { tab: (typeof TABS)[number] }): ReactNode {
  const [page, setPage] = useState(0);
  const tasks = useQuery({
    queryKey: taskKeys.mine(tab.key, page, PAGE_SIZE),
    queryFn: () => fetchMyTasks(tab.key, page, PAGE_SIZE),
    refetchOnMount: 'always',
  });
  if (tasks.isPending) return <PageLoading />;
  if (tasks.isError) return <PageError onRetry={() => void tasks.refetch()} />;
  if (tasks.data.data.length === 0) return <PageEmpty description={tab.empty} />;
  return (
    <>
      <ul className="kp-m-list">
        {tasks.data.data.map((task) => (
          <TaskCard key={task.id} task={task} />
        ))}
      </ul>
      {tasks.data.total > PAGE_SIZE ? (
        <Pagination
          simple
          current={page + 1}
          pageSize={PAGE_SIZE}
          total={tasks.data.total}
          onChange={(p) => setPage(p - 1)}
          style={{ textAlign: 'center', marginTop: 12 }}
        />
      ) : null}
    </>
  );
}

/** /m/tasks: 我的任务 — due dates, progress, the overdue marked. */
export default function MyTasksPage(): ReactNode {
  const [params, setParams] = useSearchParams();
  const active: Tab = params.get('tab') === 'all' ? 'all' : 'todo';
  return (
    <>
      <LearnerHeader title="我的任务" />
      <main className="kp-m-main">
        <Tabs
          activeKey={active}
          centered
          onChange={(key) => setParams({ tab: key }, { replace: true })}
          items={TABS.map((tab) => ({
            key: tab.key,
            label: tab.label,
            children: active === tab.key ? <TaskList tab={tab} /> : null,
          }))}
        />
      </main>
    </>
  );
}
