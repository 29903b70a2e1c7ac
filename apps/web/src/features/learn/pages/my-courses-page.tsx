import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Pagination, Progress, Tabs, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { COURSE_KIND_LABELS } from '@kaopei/shared';
import {
  LEARNER_STATE_LABELS,
  MY_COURSE_TABS,
  MY_COURSE_TAB_LABELS,
  learnPaths,
  type MyCourseTab,
} from '@kaopei/shared/contracts/learn';
import { LinkButton } from '../../../app/link-button';
import { PageEmpty, PageError, PageLoading } from '../../../app/page-states';
import { LearnerHeader } from '../../../app/layout/learner-header';
import { fetchMyCourses, learnKeys, type MyCourseRow } from '../api';
import { CourseCover } from '../components/course-cover';
import { formatMinutes } from '../video-progress';

const PAGE_SIZE = 10;
const EMPTY: Record<MyCourseTab, string> = {
  learning: '暂无学习中的课程',
  completed: '暂无已完成的课程',
  all: '暂无课程',
};

function isTab(value: string | null): value is MyCourseTab {
  return (MY_COURSE_TABS as readonly string[]).includes(value ?? '');
}

/** Where 继续学习 goes: the last section studied, or the course page. */
function continueTarget(course: MyCourseRow): string {
  return course.lastSectionId && course.state !== 'completed'
    ? learnPaths.section(course.courseId, course.lastSectionId)
    : learnPaths.course(course.courseId);
}

export function MyCourseCard({ course }: { course: MyCourseRow }): ReactNode {
  const action =
    course.state === 'completed' ? '复习' : course.state === 'learning' ? '继续学习' : '开始学习';
  return (
    <li className="kp-m-card kp-learn-card" data-testid="my-course">
      <CourseCover url={course.coverUrl} />
      <div className="kp-learn-card__body">
        <Link to={learnPaths.course(course.courseId)} className="kp-learn-card__name">
          {course.name}
        </Link>
        <div className="kp-learn-card__meta">
          {COURSE_KIND_LABELS[course.kind]} · {course.sectionCount} 节 · {formatMinutes(course.minutes)}
          {course.status === 'closed' ? <Tag style={{ marginLeft: 6 }}>已关闭</Tag> : null}
        </div>
        {course.lastSectionTitle && course.state === 'learning' ? (
          <div className="kp-learn-card__meta">上次学到：{course.lastSectionTitle}</div>
        ) : null}
        <Progress
          percent={course.progressPercent}
          size="small"
          status={course.state === 'completed' ? 'success' : 'normal'}
          aria-label={`学习进度 ${course.progressPercent}%`}
        />
        <div className="kp-learn-card__actions">
          <span className="kp-learn-card__meta">{LEARNER_STATE_LABELS[course.state]}</span>
          {course.status === 'open' ? (
            <LinkButton to={continueTarget(course)} type="primary" size="small">
              {action}
            </LinkButton>
          ) : null}
        </div>
      </div>
    </li>
  );
}

function CourseList({ tab }: { tab: MyCourseTab }): ReactNode {
  const [page, setPage] = useState(0);
  const courses = useQuery({
    queryKey: learnKeys.my(tab, page, PAGE_SIZE),
    queryFn: () => fetchMyCourses(tab, page, PAGE_SIZE),
    refetchOnMount: 'always',
  });
  if (courses.isPending) return <PageLoading />;
  if (courses.isError) return <PageError onRetry={() => void courses.refetch()} />;
  if (courses.data.data.length === 0) {
    return (
      <PageEmpty description={EMPTY[tab]}>
        <Link to={learnPaths.catalog}>去课程中心看看</Link>
      </PageEmpty>
    );
  }
  return (
    <>
      <ul className="kp-m-list">
        {courses.data.data.map((course) => (
          <MyCourseCard key={course.courseId} course={course} />
        ))}
      </ul>
      {courses.data.total > PAGE_SIZE ? (
        <Pagination
          simple
          align="center"
          current={page + 1}
          pageSize={PAGE_SIZE}
          total={courses.data.total}
          onChange={(next) => setPage(next - 1)}
        />
      ) : null}
    </>
  );
}

/** /m/courses: 我的课程 in three tabs. */
export default function MyCoursesPage(): ReactNode {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const active: MyCourseTab = isTab(requested) ? requested : 'learning';
  return (
    <>
      <LearnerHeader title="我的课程" />
      <main className="kp-m-main">
        <Tabs
          activeKey={active}
          centered
          onChange={(key) => setParams({ tab: key }, { replace: true })}
          items={MY_COURSE_TABS.map((tab) => ({
            key: tab,
            label: MY_COURSE_TAB_LABELS[tab],
            children: active === tab ? <CourseList tab={tab} /> : null,
          }))}
        />
      </main>
    </>
  );
}
