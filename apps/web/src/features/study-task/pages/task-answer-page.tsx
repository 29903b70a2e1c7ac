import type { ReactNode } from 'react';
import { Card, Descriptions, List, Space, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { ASSIGNEE_STATUS_LABELS, TASK_ITEM_KIND_LABELS } from '@kaopei/shared';
import { PageEmpty, PageError, PageLoading } from '../../../app/page-states';
import { formatDateTime } from '../../../lib/time-format';
import { fetchAnswer, taskKeys, type TaskAnswer } from '../api';
import { ASSIGNEE_STATUS_COLORS } from '../study-task-rules';
import { taskDetailPath } from './task-list-page';

type Item = TaskAnswer['items'][number];
const ATTEMPT_STATUS = ['作答中', '待阅卷', '已出分'];

/** What a learner did for one item: course progress, exam attempts, practice rounds. */
export function ItemResultText({ item }: { item: Item }): ReactNode {
  if (item.course)
    return (
      <span>
        学习进度 {item.course.progressPercent}%
        {item.course.completedAt ? `，完成于 ${formatDateTime(item.course.completedAt)}` : ''}
      </span>
    );
  if (item.exam)
    return item.exam.attempts.length === 0 ? (
      <span>尚未参加考试（及格分 {item.exam.passScore ?? '—'}）</span>
    ) : (
      <span>
        {item.exam.attempts
          .map(
            (a) =>
              `第 ${a.attemptNo} 次：${a.status === 2 ? `${a.score ?? '—'} 分${a.passed ? '（及格）' : '（不及格）'}` : ATTEMPT_STATUS[a.status]}`,
          )
          .join('；')}
      </span>
    );
  if (item.practice)
    return (
      <span>
        练习 {item.practice.finishedRounds}/{item.practice.rounds} 轮，答题 {item.practice.answered} 道
        {item.practice.accuracy === null ? '' : `，正确率 ${item.practice.accuracy}%`}
      </span>
    );
  return null;
}

/** /manage/study/task/answer?taskId=&userId=: one learner's answers and results in the task. */
export default function TaskAnswerPage(): ReactNode {
  const [params] = useSearchParams();
  const taskId = Number(params.get('taskId'));
  const userId = Number(params.get('userId'));
  const valid = taskId > 0 && userId > 0;
  const answer = useQuery({
    queryKey: taskKeys.answer(taskId, userId),
    queryFn: () => fetchAnswer(taskId, userId),
    enabled: valid,
  });
  if (!valid) return <PageEmpty description="请从任务完成情况中打开一名人员" />;
  if (answer.isPending) return <PageLoading />;
  if (answer.isError)
    return <PageError description="作答记录加载失败或不存在" onRetry={() => void answer.refetch()} />;
  const a = answer.data;
  return (
    <div className="kp-page">
      <Card size="small" title={<Link to={taskDetailPath(a.task.id)}>{a.task.name}</Link>}>
        <Descriptions size="small" column={{ xs: 1, md: 3 }}>
          <Descriptions.Item label="姓名">{a.user.realName}</Descriptions.Item>
          <Descriptions.Item label="账号">{a.user.account}</Descriptions.Item>
          <Descriptions.Item label="部门">{a.user.departmentName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="状态">
            <Tag color={ASSIGNEE_STATUS_COLORS[a.status]}>{ASSIGNEE_STATUS_LABELS[a.status]}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label="进度">
            {a.doneCount}/{a.items.length}（{a.progressPercent}%）
          </Descriptions.Item>
          <Descriptions.Item label="完成时间">{formatDateTime(a.completedAt)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card size="small" title="各项结果">
        <List
          dataSource={a.items}
          renderItem={(item) => (
            <List.Item>
              <Space direction="vertical" size={2}>
                <Space wrap>
                  <Tag>{TASK_ITEM_KIND_LABELS[item.kind]}</Tag>
                  <Typography.Text strong>{item.name}</Typography.Text>
                  {item.done ? <Tag color="success">已完成</Tag> : <Tag>未完成</Tag>}
                </Space>
                <Typography.Text type="secondary">
                  <ItemResultText item={item} />
                </Typography.Text>
              </Space>
            </List.Item>
          )}
        />
      </Card>
    </div>
  );
}
