import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { Avatar, Button, Card, Pagination, Progress, Rate, Tag } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { COURSE_KIND_LABELS } from '@kaopei/shared';
import { LEARNER_STATE_LABELS, learnPaths } from '@kaopei/shared/contracts/learn';
import { PageError, PageLoading } from '../../../app/page-states';
import { LearnerHeader } from '../../../app/layout/learner-header';
import { LinkButton } from '../../../app/link-button';
import { toast } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/time-format';
import { enrolCourse, fetchEvaluations, fetchLearnCourse, learnKeys, type LearnCourse } from '../api';
import { CourseCover } from '../components/course-cover';
import { CourseOutline } from '../components/course-outline';
import { RateDialog } from '../components/rate-dialog';
import { formatMinutes } from '../video-progress';

const COMMENTS_PAGE = 5;

function Evaluations({ course }: { course: LearnCourse }): ReactNode {
  const [page, setPage] = useState(0);
  const list = useQuery({
    queryKey: learnKeys.evaluations(course.courseId, page, COMMENTS_PAGE),
    queryFn: () => fetchEvaluations(course.courseId, page, COMMENTS_PAGE),
  });
  if (list.isPending) return <PageLoading />;
  if (list.isError) return <PageError onRetry={() => void list.refetch()} />;
  if (list.data.data.length === 0) return <p className="kp-m-muted">还没有评价</p>;
  return (
    <>
      <ul className="kp-m-list" aria-label="学员评价">
        {list.data.data.map((item) => (
          <li key={item.evaluationId} className="kp-learn-comment" data-testid="evaluation">
            <div className="kp-learn-comment__head">
              <span>
                {item.realName}
                {item.mine ? <Tag style={{ marginLeft: 6 }}>我</Tag> : null}
              </span>
              <Rate disabled value={item.rating} style={{ fontSize: 12 }} />
            </div>
            {item.comment ? <p className="kp-learn-comment__text">{item.comment}</p> : null}
            <div className="kp-m-muted" style={{ fontSize: 12 }}>
              {formatDateTime(item.updatedAt)}
            </div>
          </li>
        ))}
      </ul>
      {list.data.total > COMMENTS_PAGE ? (
        <Pagination
          simple
          align="center"
          current={page + 1}
          pageSize={COMMENTS_PAGE}
          total={list.data.total}
          onChange={(next) => setPage(next - 1)}
        />
      ) : null}
    </>
  );
}

function StudyButton({ course }: { course: LearnCourse }): ReactNode {
  const queryClient = useQueryClient();
  const enrol = useMutation({
    mutationFn: () => enrolCourse(course.courseId),
    onSuccess: async () => {
      toast.success('已加入课程');
      await queryClient.invalidateQueries({ queryKey: learnKeys.all });
    },
  });
  if (course.state === 'not_enrolled') {
    return (
      <Button type="primary" block size="large" loading={enrol.isPending} onClick={() => enrol.mutate()}>
        加入学习
      </Button>
    );
  }
  if (course.status !== 'open') {
    return (
      <Button block size="large" disabled>
        课程已关闭
      </Button>
    );
  }
  if (!course.nextSectionId) {
    return (
      <Button block size="large" disabled>
        课程内容准备中
      </Button>
    );
  }
  const label =
    course.state === 'completed' ? '复习课程' : course.state === 'learning' ? '继续学习' : '开始学习';
  return (
    <LinkButton
      type="primary"
      block
      size="large"
      to={learnPaths.section(course.courseId, course.nextSectionId)}
    >
      {label}
    </LinkButton>
  );
}

function CourseBody({ course }: { course: LearnCourse }): ReactNode {
  const [rating, setRating] = useState(false);
  const enrolled = course.state !== 'not_enrolled';
  return (
    <main className="kp-m-main">
      <CourseCover url={course.coverUrl} className="kp-learn-hero" />
      <h2 className="kp-learn-title">{course.name}</h2>
      <div className="kp-learn-card__meta">
        <Tag color={course.kind === 'required' ? 'red' : 'blue'}>{COURSE_KIND_LABELS[course.kind]}</Tag>
        {course.categoryName ? `${course.categoryName} · ` : ''}
        {course.credits} 学分 · {formatMinutes(course.minutes)} · {course.sectionCount} 节
      </div>
      <div className="kp-learn-card__meta">
        {course.averageRating !== null ? (
          <>
            <Rate disabled allowHalf value={course.averageRating} style={{ fontSize: 13 }} />{' '}
            {course.averageRating.toFixed(1)} 分（{course.ratingCount} 人评价）
          </>
        ) : (
          '暂无评分'
        )}
        {course.noSkip ? ' · 视频不可拖动到未看过的位置' : ''}
      </div>
      {enrolled ? (
        <Card size="small" style={{ marginTop: 12 }}>
          <div className="kp-learn-card__actions" style={{ marginTop: 0 }}>
            <span>
              {LEARNER_STATE_LABELS[course.state]} · 已完成 {course.completedSections}/{course.sectionCount}{' '}
              节
            </span>
          </div>
          <Progress
            percent={course.progressPercent}
            status={course.state === 'completed' ? 'success' : 'normal'}
            aria-label={`学习进度 ${course.progressPercent}%`}
          />
        </Card>
      ) : null}

      <Card size="small" title="课程目录" style={{ marginTop: 12 }}>
        <CourseOutline course={course} />
      </Card>

      {course.intro ? (
        <Card size="small" title="课程简介" style={{ marginTop: 12 }}>
          {/* Sanitised when saved (modules/course: course.rules.ts). */}
          <div className="kp-learn-intro" dangerouslySetInnerHTML={{ __html: course.intro }} />
        </Card>
      ) : null}

      {course.teachers.length > 0 ? (
        <Card size="small" title="讲师" style={{ marginTop: 12 }}>
          {course.teachers.map((teacher) => (
            <div key={teacher.teacherId} className="kp-learn-teacher">
              <Avatar src={teacher.avatarUrl ?? undefined} icon={<UserOutlined />} alt="" />
              <div>
                <div style={{ fontWeight: 600 }}>
                  {teacher.name}
                  {teacher.title ? <span className="kp-m-muted"> · {teacher.title}</span> : null}
                </div>
                {teacher.intro ? <div className="kp-m-muted">{teacher.intro}</div> : null}
              </div>
            </div>
          ))}
        </Card>
      ) : null}

      <Card
        size="small"
        title="学员评价"
        style={{ marginTop: 12 }}
        extra={
          course.canEvaluate ? (
            <Button size="small" onClick={() => setRating(true)}>
              {course.myEvaluation ? '修改评价' : '评价课程'}
            </Button>
          ) : null
        }
      >
        {course.myEvaluation ? (
          <p>
            我的评分：
            <Rate disabled value={course.myEvaluation.rating} style={{ fontSize: 13 }} />
          </p>
        ) : enrolled && !course.canEvaluate ? (
          <p className="kp-m-muted">开始学习后可以评价课程</p>
        ) : null}
        <Evaluations course={course} />
      </Card>
      <RateDialog course={course} open={rating} onClose={() => setRating(false)} />

      <div className="kp-learn-bottom">
        <div className="kp-learn-bottom__inner">
          <StudyButton course={course} />
        </div>
      </div>
    </main>
  );
}

/** /m/courses/:courseId: the course page. */
export default function CoursePage(): ReactNode {
  const courseId = Number(useParams().courseId);
  const course = useQuery({
    queryKey: learnKeys.course(courseId),
    queryFn: () => fetchLearnCourse(courseId),
    enabled: Number.isInteger(courseId) && courseId > 0,
    retry: false,
    // Studying elsewhere (the player) changes it: always fresh when the page opens.
    refetchOnMount: 'always',
  });
  let body: ReactNode;
  if (!Number.isInteger(courseId) || courseId <= 0) body = <PageError title="课程不存在" />;
  else if (course.isPending) body = <PageLoading />;
  else if (course.isError) body = <PageError title="无法打开课程" description="课程不存在或未对你开放。" />;
  else body = <CourseBody course={course.data} />;
  return (
    <>
      <LearnerHeader title="课程详情" back={learnPaths.myCourses} />
      {body}
    </>
  );
}
