import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Progress, Tag } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { ASSIGNEE_STATUS_LABELS, TASK_ITEM_KIND_LABELS, studyTaskPaths, taskItemPath } from '@kaopei/shared';
import { PageEmpty, PageError, PageLoading } from '../../../app/page-states';
import { LearnerHeader } from '../../../app/layout/learner-header';
import { formatDateTime } from '../../../lib/time-format';
import { fetchMyTask, taskKeys } from '../api';
import { ASSIGNEE_STATUS_COLORS, dueText } from '../study-task-rules';
import { ItemResultText } from './task-answer-page';
import '../study-task.css';

const ACTIONS = { course: '去学习', exam: '去考试', practice: '去练习' } as const;

/** /m/tasks/:taskId: the task's items with their status and a link to each. */
export default function MyTaskPage(): ReactNode {
  const taskId = Number(useParams().taskId);
  const valid = Number.isInteger(taskId) && taskId > 0;
  const task = useQuery({
    queryKey: taskKeys.mineOne(taskId),
    queryFn: () => fetchMyTask(taskId),
    enabled: valid,
    refetchOnMount: 'always',
  });
  const body = (): ReactNode => {
    if (!valid) return <PageEmpty description="任务不存在" />;
    if (task.isPending) return <PageLoading />;
    if (task.isError)
      return <PageError description="任务不存在或已被删除" onRetry={() => void task.refetch()} />;
    const t = task.data;
    return (
      <>
        <section className="kp-m-card" aria-labelledby="kp-m-task-title">
          <div className="kp-m-task__head">
            <h2 id="kp-m-task-title" className="kp-m-task__name">
              {t.task.name}
            </h2>
            <Tag color={ASSIGNEE_STATUS_COLORS[t.status]}>{ASSIGNEE_STATUS_LABELS[t.status]}</Tag>
          </div>
          {t.task.description ? <p className="kp-m-task__desc">{t.task.description}</p> : null}
          <div className={t.status === 'overdue' ? 'kp-m-task__due kp-m-task__due--late' : 'kp-m-task__due'}>
            {formatDateTime(t.task.startAt)} 至 {formatDateTime(t.task.dueAt)}
            {t.status === 'completed' ? '' : ` · ${dueText(t.task.dueAt, Date.now())}`}
          </div>
          <Progress
            percent={t.progressPercent}
            size="small"
            format={() => `${t.doneCount}/${t.items.length}`}
            aria-label={`完成 ${t.doneCount}/${t.items.length} 项`}
          />
        </section>
        <ul className="kp-m-list" aria-label="任务内容">
          {t.items.map((item) => (
            <li key={item.id} className="kp-m-card kp-m-task-item" data-testid="task-item">
              <div className="kp-m-task__head">
                <span>
                  <Tag>{TASK_ITEM_KIND_LABELS[item.kind]}</Tag>
                  <span className="kp-m-task__name">{item.name}</span>
                </span>
                {item.done ? (
                  <span className="kp-m-task-item__done">
                    <CheckCircleFilled aria-hidden /> 已完成
                  </span>
                ) : (
                  <span className="kp-m-task-item__todo">未完成</span>
                )}
              </div>
              <div className="kp-m-task__due">
                <ItemResultText item={item} />
              </div>
              <Link
                to={taskItemPath(item.kind, item.refId)}
                className="kp-m-task-item__go"
                // The visible words first (WCAG 2.5.3 label in name), then which item.
                aria-label={`${item.done ? '查看' : ACTIONS[item.kind]}：${item.name}`}
              >
                {item.done ? '查看' : ACTIONS[item.kind]} ›
              </Link>
            </li>
          ))}
        </ul>
      </>
    );
  };
  return (
    <>
      <LearnerHeader title="任务详情" back={studyTaskPaths.tasks} />
      <main className="kp-m-main">{body()}</main>
    </>
  );
}
