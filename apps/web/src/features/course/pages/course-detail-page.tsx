import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Descriptions, Space, Tabs, Tag, Typography } from 'antd';
import { CopyOutlined, EditOutlined, PlayCircleOutlined, StopOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { COURSE_ENROLMENT_LABELS, COURSE_KIND_LABELS, COURSE_STATUS_LABELS } from '@kaopei/shared';
import { PageEmpty, PageError, PageLoading } from '../../../app/page-states';
import { formatDateTime } from '../../../lib/time-format';
import { courseKeys, fetchCourse, type CourseDetail } from '../api';
import { CourseFormModal } from '../components/course-form-modal';
import { useCourseActions } from '../components/course-actions';
import { MembersTab } from '../components/members-tab';
import { StatisticsTab } from '../components/statistics-tab';
import { EvaluationsTab } from '../components/evaluations-tab';
import { CourseOutlineEditor } from '../outline/course-outline-editor';
import { minutesText, percentText, ratingText, STATUS_COLORS } from '../course-rules';
import '../course.css';
import { ColorTag } from '../../../components/color-tag';

const detailPath = (courseId: number) => `/manage/study/course/detail?courseId=${courseId}`;

function Header({ course, onEdit }: { course: CourseDetail; onEdit: () => void }): ReactNode {
  const navigate = useNavigate();
  const actions = useCourseActions((copy) => void navigate(detailPath(copy.courseId)));
  return (
    <Card size="small">
      <div className="kp-course-detail__head">
        {course.coverUrl ? (
          <img src={course.coverUrl} alt="课程封面" className="kp-course-detail__cover" />
        ) : null}
        <Space direction="vertical" size={4} style={{ flex: 1, minWidth: 240 }}>
          <Space wrap>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {course.name}
            </Typography.Title>
            <Tag color={STATUS_COLORS[course.status]} data-testid="course-status">
              {COURSE_STATUS_LABELS[course.status]}
            </Tag>
            <Tag>{COURSE_KIND_LABELS[course.kind]}</Tag>
          </Space>
          <Typography.Text type="secondary">
            {course.categoryPath || '全部课程'} · {course.credits} 学分 · {minutesText(course.minutes)} · 学员{' '}
            {course.memberCount} 人 · 完成率 {percentText(course.completionRate)} ·{' '}
            {ratingText(course.averageRating)}
          </Typography.Text>
        </Space>
        <Space wrap>
          <Button icon={<EditOutlined />} onClick={onEdit}>
            编辑
          </Button>
          <Button icon={<CopyOutlined />} loading={actions.busy} onClick={() => actions.copy(course)}>
            复制
          </Button>
          {course.status === 'open' ? (
            <Button icon={<StopOutlined />} onClick={() => actions.close(course)}>
              关闭课程
            </Button>
          ) : (
            <Button type="primary" icon={<PlayCircleOutlined />} onClick={() => actions.open(course)}>
              开课
            </Button>
          )}
        </Space>
      </div>
      {!course.categoryPublished ? (
        <Alert
          style={{ marginTop: 12 }}
          type="warning"
          showIcon
          title="课程所在分类未发布，学员暂时看不到这门课程。"
        />
      ) : null}
    </Card>
  );
}

function BasicInfo({ course }: { course: CourseDetail }): ReactNode {
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Descriptions size="small" bordered column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label="课程分类">{course.categoryPath || '全部课程'}</Descriptions.Item>
        <Descriptions.Item label="课程类型">{COURSE_KIND_LABELS[course.kind]}</Descriptions.Item>
        <Descriptions.Item label="讲师">
          {course.teachers.map((t) => t.name).join('、') || '—'}
        </Descriptions.Item>
        <Descriptions.Item label="标签">
          {course.tags.length === 0
            ? '—'
            : course.tags.map((t) => (
                <ColorTag key={t.tagId} color={t.color}>
                  {t.name}
                </ColorTag>
              ))}
        </Descriptions.Item>
        <Descriptions.Item label="学分">{course.credits}</Descriptions.Item>
        <Descriptions.Item label="学时">{minutesText(course.minutes)}</Descriptions.Item>
        <Descriptions.Item label="学员范围">{COURSE_ENROLMENT_LABELS[course.enrolment]}</Descriptions.Item>
        <Descriptions.Item label="完成条件">
          视频观看 {course.completePercent}%{course.noSkip ? '，禁止拖动进度' : ''}
        </Descriptions.Item>
        <Descriptions.Item label="章节 / 小节">
          {course.chapterCount} 章 / {course.sectionCount} 节
        </Descriptions.Item>
        <Descriptions.Item label="创建时间">{formatDateTime(course.createdAt)}</Descriptions.Item>
      </Descriptions>
      <Card size="small" title="课程简介">
        {course.intro ? (
          // The intro is sanitised HTML from the server (course.rules.ts sanitizeIntro).
          <div className="kp-course-detail__intro" dangerouslySetInnerHTML={{ __html: course.intro }} />
        ) : (
          <Typography.Text type="secondary">未填写</Typography.Text>
        )}
      </Card>
    </Space>
  );
}

/** /manage/study/course/detail?courseId=: the course's header and its tabs. */
export default function CourseDetailPage(): ReactNode {
  const [params, setParams] = useSearchParams();
  const courseId = Number(params.get('courseId'));
  const tab = params.get('tab') ?? 'info';
  const [editing, setEditing] = useState(false);
  const valid = Number.isInteger(courseId) && courseId > 0;
  const course = useQuery({
    queryKey: courseKeys.detail(courseId),
    queryFn: () => fetchCourse(courseId),
    enabled: valid,
  });
  if (!valid) return <PageEmpty description="请从课程列表打开一门课程" />;
  if (course.isPending) return <PageLoading />;
  if (course.isError)
    return <PageError description="课程加载失败或不存在" onRetry={() => void course.refetch()} />;
  const data = course.data;
  return (
    <div className="kp-page kp-course-detail">
      <Header course={data} onEdit={() => setEditing(true)} />
      <Card size="small">
        <Tabs
          activeKey={tab}
          onChange={(key) =>
            setParams(
              (prev) => {
                const next = new URLSearchParams(prev);
                next.set('tab', key);
                return next;
              },
              { replace: true },
            )
          }
          destroyOnHidden
          items={[
            { key: 'info', label: '基本信息', children: <BasicInfo course={data} /> },
            { key: 'outline', label: '章节', children: <CourseOutlineEditor courseId={data.courseId} /> },
            {
              key: 'members',
              label: `学员（${data.memberCount}）`,
              children: <MembersTab courseId={data.courseId} />,
            },
            { key: 'statistics', label: '统计', children: <StatisticsTab courseId={data.courseId} /> },
            {
              key: 'evaluations',
              label: `评价（${data.ratingCount}）`,
              children: <EvaluationsTab courseId={data.courseId} />,
            },
          ]}
        />
      </Card>
      <CourseFormModal
        open={editing}
        courseId={data.courseId}
        defaultCategoryId={data.categoryId ?? 0}
        onClose={() => setEditing(false)}
        onSaved={() => {
          setEditing(false);
          void course.refetch();
        }}
      />
    </div>
  );
}
