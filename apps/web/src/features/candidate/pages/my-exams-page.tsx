import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Progress, Tabs, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { candidatePaths, formatScore, studyTaskPaths } from '@kaopei/shared';
import { PageEmpty, PageError, PageLoading } from '../../../app/page-states';
import { candidateKeys, fetchMyExams, type ExamTab, type MyExamRow } from '../api';
import { LearnerHeader } from '../../../app/layout/learner-header';
import { formatWindow } from '../../../lib/time-format';
import { fetchMyCourses, learnKeys } from '../../learn/api';
import { learnPaths } from '@kaopei/shared/contracts/learn';
import { fetchMyTasks, taskKeys } from '../../study-task/api';

const TABS: { key: ExamTab; label: string; empty: string }[] = [
  { key: 'upcoming', label: '未开始', empty: '暂无未开始的考试' },
  { key: 'ongoing', label: '可参加', empty: '暂无可参加的考试' },
  { key: 'finished', label: '已完成', empty: '暂无已完成的考试' },
];

function isTab(value: string | null): value is ExamTab {
  return TABS.some((tab) => tab.key === value);
}

function ExamCard({ exam, tab }: { exam: MyExamRow; tab: ExamTab }): ReactNode {
  let tag: ReactNode;
  if (exam.openAttemptId !== null) tag = <Tag color="processing">答题中</Tag>;
  else if (tab === 'upcoming') tag = <Tag>未开始</Tag>;
  else if (tab === 'ongoing') tag = <Tag color="success">可参加</Tag>;
  else if (exam.lastStatus === 1) tag = <Tag color="warning">待阅卷</Tag>;
  else tag = <Tag color="default">{exam.state === 'ended' ? '已结束' : '已完成'}</Tag>;
  return (
    <li>
      <Link to={candidatePaths.exam(exam.examId)} className="kp-m-card kp-m-exam" data-testid="exam-card">
        <div className="kp-m-exam__head">
          <span className="kp-m-exam__name">{exam.name}</span>
          {tag}
        </div>
        <div className="kp-m-exam__meta">考试时间：{formatWindow(exam.startAt, exam.endAt)}</div>
        <div className="kp-m-exam__meta">
          时长 {exam.durationText} · 及格 {formatScore(exam.passScore)} 分 · 已考 {exam.attemptsUsed}/
          {exam.attemptsAllowed} 次
        </div>
        {tab === 'finished' && exam.bestScore !== null ? (
          <div className="kp-m-exam__score">成绩 {formatScore(exam.bestScore)} 分</div>
        ) : null}
      </Link>
    </li>
  );
}

function ExamList({ tab }: { tab: (typeof TABS)[number] }): ReactNode {
  const exams = useQuery({ queryKey: candidateKeys.exams(tab.key), queryFn: () => fetchMyExams(tab.key) });
  if (exams.isPending) return <PageLoading />;
  if (exams.isError) return <PageError onRetry={() => void exams.refetch()} />;
  if (exams.data.length === 0) return <PageEmpty description={tab.empty} />;
  return (
    <ul className="kp-m-list">
      {exams.data.map((exam) => (
        <ExamCard key={exam.examId} exam={exam} tab={tab.key} />
      ))}
    </ul>
  );
}

/** The learner's courses in progress (issue 17): the learner's home shows them above the exams. */
function CoursesInProgress(): ReactNode {
  const courses = useQuery({
    queryKey: learnKeys.my('learning', 0, 3),
    queryFn: () => fetchMyCourses('learning', 0, 3),
  });
  if (!courses.data || courses.data.data.length === 0) return null;
  return (
    <section className="kp-m-card" aria-labelledby="kp-m-courses-title" data-testid="home-courses">
      <h2 id="kp-m-courses-title" className="kp-m-card__title">
        学习中的课程{' '}
        <Link to={learnPaths.myCourses} style={{ float: 'right', fontWeight: 400, fontSize: 13 }}>
          全部课程
        </Link>
      </h2>
      <ul className="kp-m-list">
        {courses.data.data.map((course) => (
          <li key={course.courseId}>
            <Link
              to={
                course.lastSectionId
                  ? learnPaths.section(course.courseId, course.lastSectionId)
                  : learnPaths.course(course.courseId)
              }
            >
              {course.name}
            </Link>
            <Progress percent={course.progressPercent} size="small" aria-label={`${course.name} 学习进度`} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The learner's open study tasks due soonest (issue 18): 待办 on the learner's home. */
function TasksTodo(): ReactNode {
  const tasks = useQuery({
    queryKey: taskKeys.mine('todo', 0, 3),
    queryFn: () => fetchMyTasks('todo', 0, 3),
  });
  if (!tasks.data || tasks.data.data.length === 0) return null;
  return (
    <section className="kp-m-card" aria-labelledby="kp-m-todo-title" data-testid="home-tasks">
      <h2 id="kp-m-todo-title" className="kp-m-card__title">
        待办{' '}
        <Link to={studyTaskPaths.tasks} style={{ float: 'right', fontWeight: 400, fontSize: 13 }}>
          全部任务
        </Link>
      </h2>
      <ul className="kp-m-list">
        {tasks.data.data.map((task) => (
          <li key={task.id}>
            <Link to={studyTaskPaths.task(task.id)}>{task.name}</Link>
            {task.status === 'overdue' ? (
              <Tag color="error" style={{ marginLeft: 6 }}>
                已逾期
              </Tag>
            ) : null}
            <Progress
              percent={task.progressPercent}
              size="small"
              format={() => `${task.doneCount}/${task.itemCount}`}
              aria-label={`${task.name} 完成 ${task.doneCount}/${task.itemCount} 项`}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /m, /m/exams: 我的考试 in three tabs. */
export default function MyExamsPage(): ReactNode {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const active: ExamTab = isTab(requested) ? requested : 'ongoing';
  return (
    <>
      <LearnerHeader title="我的考试" />
      <main className="kp-m-main">
        <TasksTodo />
        <CoursesInProgress />
        <Tabs
          activeKey={active}
          centered
          onChange={(key) => setParams({ tab: key }, { replace: true })}
          items={TABS.map((tab) => ({
            key: tab.key,
            label: tab.label,
            children: active === tab.key ? <ExamList tab={tab} /> : null,
          }))}
        />
      </main>
    </>
  );
}
