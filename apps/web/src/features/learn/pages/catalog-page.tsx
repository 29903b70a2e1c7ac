import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, Input, Pagination, Rate, Tag } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { COURSE_KIND_LABELS } from '@kaopei/shared';
import { learnPaths } from '@kaopei/shared/contracts/learn';
import { PageEmpty, PageError, PageLoading } from '../../../app/page-states';
import { LearnerHeader } from '../../../app/layout/learner-header';
import { toast } from '../../../lib/feedback';
import { enrolCourse, fetchCatalog, fetchCatalogCategories, learnKeys, type CatalogRow } from '../api';
import { CourseCover } from '../components/course-cover';
import { formatMinutes } from '../video-progress';

const PAGE_SIZE = 10;

function CatalogCard({ course }: { course: CatalogRow }): ReactNode {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const enrol = useMutation({
    mutationFn: () => enrolCourse(course.courseId),
    onSuccess: async () => {
      toast.success('已加入课程');
      await queryClient.invalidateQueries({ queryKey: learnKeys.all });
      await navigate(learnPaths.course(course.courseId));
    },
  });
  return (
    <li className="kp-m-card kp-learn-card" data-testid="catalog-course">
      <CourseCover url={course.coverUrl} />
      <div className="kp-learn-card__body">
        <Link to={learnPaths.course(course.courseId)} className="kp-learn-card__name">
          {course.name}
        </Link>
        <div className="kp-learn-card__meta">
          {COURSE_KIND_LABELS[course.kind]} · {course.sectionCount} 节 · {formatMinutes(course.minutes)}
          {course.teachers.length > 0 ? ` · ${course.teachers.map((t) => t.name).join('、')}` : ''}
        </div>
        <div className="kp-learn-card__meta">
          {course.averageRating !== null ? (
            <>
              <Rate disabled allowHalf value={course.averageRating} style={{ fontSize: 12 }} />{' '}
              {course.averageRating.toFixed(1)}（{course.ratingCount}）·{' '}
            </>
          ) : null}
          {course.memberCount} 人学习
        </div>
        <div className="kp-learn-card__actions">
          {course.enrolled ? <Tag color="blue">已加入 · {course.progressPercent}%</Tag> : <span />}
          {course.enrolled ? (
            <Button size="small" onClick={() => void navigate(learnPaths.course(course.courseId))}>
              去学习
            </Button>
          ) : (
            <Button type="primary" size="small" loading={enrol.isPending} onClick={() => enrol.mutate()}>
              加入学习
            </Button>
          )}
        </div>
      </div>
    </li>
  );
}

function CategoryChips({ value, onChange }: { value: number; onChange: (id: number) => void }): ReactNode {
  const categories = useQuery({ queryKey: learnKeys.categories, queryFn: fetchCatalogCategories });
  const top = (categories.data ?? []).filter((c) => c.parentId === 0);
  if (top.length === 0) return null;
  return (
    <div className="kp-learn-chips" role="group" aria-label="课程分类">
      {[{ categoryId: 0, name: '全部' }, ...top].map((category) => (
        <button
          key={category.categoryId}
          type="button"
          className="kp-learn-chip"
          aria-pressed={value === category.categoryId}
          onClick={() => onChange(category.categoryId)}
        >
          {category.name}
        </button>
      ))}
    </div>
  );
}

/** /m/courses/catalog: 课程中心 — the courses open to me, by category and name. */
export default function CatalogPage(): ReactNode {
  const [keyword, setKeyword] = useState('');
  const [categoryId, setCategoryId] = useState(0);
  const [page, setPage] = useState(0);
  const courses = useQuery({
    queryKey: learnKeys.catalog(keyword, categoryId, page, PAGE_SIZE),
    queryFn: () => fetchCatalog(keyword, categoryId, page, PAGE_SIZE),
  });
  let body: ReactNode;
  if (courses.isPending) body = <PageLoading />;
  else if (courses.isError) body = <PageError onRetry={() => void courses.refetch()} />;
  else if (courses.data.data.length === 0)
    body = <PageEmpty description={keyword ? '没有找到相关课程' : '暂无可学习的课程'} />;
  else
    body = (
      <>
        <ul className="kp-m-list">
          {courses.data.data.map((course) => (
            <CatalogCard key={course.courseId} course={course} />
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
  return (
    <>
      <LearnerHeader title="课程中心" />
      <main className="kp-m-main">
        <Input.Search
          placeholder="搜索课程名称"
          aria-label="搜索课程名称"
          allowClear
          enterButton="搜索"
          maxLength={50}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPage(0);
          }}
        />
        <CategoryChips
          value={categoryId}
          onChange={(id) => {
            setCategoryId(id);
            setPage(0);
          }}
        />
        {body}
      </main>
    </>
  );
}
