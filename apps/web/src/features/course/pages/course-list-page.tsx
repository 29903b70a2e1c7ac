import { useState, type ReactNode } from 'react';
import { Button, Card, Col, Form, Input, Row, Select, Space, Statistic, Tag, Typography, App } from 'antd';
import { DownloadOutlined, PlusOutlined, SearchOutlined, TeamOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { COURSE_KIND_LABELS, COURSE_STATUS_LABELS, type CourseKind, type CourseStatus } from '@kaopei/shared';
import { DataTable, useListPage, type DataTableColumn } from '../../../components/data-table';
import { FilterButtons } from '../../../components/filter-buttons';
import { PageError } from '../../../app/page-states';
import {
  courseKeys,
  deleteCourse,
  exportCourses,
  fetchCourses,
  fetchCourseSummary,
  fetchCourseTags,
  fetchTeacherOptions,
  type CourseRow,
} from '../api';
import { ALL_COURSES, CategoryTreePanel } from '../components/category-tree-panel';
import { CourseFormModal } from '../components/course-form-modal';
import { TeacherDrawer } from '../components/teacher-drawer';
import { useCourseActions } from '../components/course-actions';
import { percentText, ratingText, STATUS_COLORS } from '../course-rules';
import '../course.css';

export const courseDetailPath = (courseId: number) => `/manage/study/course/detail?courseId=${courseId}`;

interface ListFilter {
  categoryId?: number;
  keyword?: string;
  status?: CourseStatus;
  kind?: CourseKind;
  tagId?: number | null;
  teacherId?: number | null;
}

type FilterValues = Omit<ListFilter, 'categoryId'>;

const options = <T extends string>(labels: Record<T, string>) =>
  (Object.entries(labels) as [T, string][]).map(([value, label]) => ({ value, label }));

function CourseFilterForm({ onSearch }: { onSearch: (values: FilterValues) => void }): ReactNode {
  const [form] = Form.useForm<FilterValues>();
  const tags = useQuery({ queryKey: courseKeys.tags, queryFn: fetchCourseTags });
  const teachers = useQuery({ queryKey: courseKeys.teacherOptions, queryFn: fetchTeacherOptions });
  return (
    <Form<FilterValues>
      form={form}
      layout="inline"
      name="kp-course-filter"
      aria-label="课程筛选"
      onFinish={(values) => onSearch({ ...values, keyword: values.keyword?.trim() })}
    >
      <Form.Item name="keyword">
        <Input allowClear placeholder="课程名称" aria-label="课程名称" style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="status">
        <Select
          allowClear
          placeholder="状态"
          aria-label="状态"
          style={{ width: 110 }}
          options={options(COURSE_STATUS_LABELS)}
        />
      </Form.Item>
      <Form.Item name="kind">
        <Select
          allowClear
          placeholder="类型"
          aria-label="类型"
          style={{ width: 100 }}
          options={options(COURSE_KIND_LABELS)}
        />
      </Form.Item>
      <Form.Item name="tagId">
        <Select
          allowClear
          placeholder="标签"
          aria-label="标签"
          style={{ width: 130 }}
          optionFilterProp="label"
          options={(tags.data ?? []).map((t) => ({ value: t.tagId, label: t.name }))}
        />
      </Form.Item>
      <Form.Item name="teacherId">
        <Select
          allowClear
          showSearch
          placeholder="讲师"
          aria-label="讲师"
          style={{ width: 130 }}
          optionFilterProp="label"
          options={(teachers.data ?? []).map((t) => ({ value: t.teacherId, label: t.name }))}
        />
      </Form.Item>
      <FilterButtons icon={<SearchOutlined />} onReset={() => onSearch({})} />
    </Form>
  );
}

function SummaryBar(): ReactNode {
  const summary = useQuery({ queryKey: courseKeys.summary, queryFn: fetchCourseSummary });
  const s = summary.data;
  return (
    <Row gutter={16} aria-label="课程概况">
      <Col xs={12} md={6}>
        <Statistic
          title="课程总数"
          value={s?.courses ?? '—'}
          suffix={s ? `（开课 ${s.openCourses}）` : null}
        />
      </Col>
      <Col xs={12} md={6}>
        <Statistic title="学习人次" value={s?.enrolled ?? '—'} />
      </Col>
      <Col xs={12} md={6}>
        <Statistic title="完成率" value={s ? percentText(s.completionRate) : '—'} />
      </Col>
      <Col xs={12} md={6}>
        <Statistic title="平均评分" value={s ? ratingText(s.averageRating) : '—'} />
      </Col>
    </Row>
  );
}

function columns(
  onEdit: (row: CourseRow) => void,
  onDelete: (row: CourseRow) => void,
  actions: ReturnType<typeof useCourseActions>,
): DataTableColumn<CourseRow>[] {
  return [
    {
      title: '封面',
      key: 'cover',
      width: 88,
      render: (_v, row) =>
        row.coverUrl ? (
          <img src={row.coverUrl} alt="" className="kp-course-cover" />
        ) : (
          <span className="kp-course-cover" />
        ),
    },
    {
      title: '课程名称',
      dataIndex: 'name',
      render: (_v, row) => <Link to={courseDetailPath(row.courseId)}>{row.name}</Link>,
    },
    { title: '分类', dataIndex: 'categoryName', render: (_v, row) => row.categoryName ?? '全部课程' },
    { title: '类型', dataIndex: 'kind', width: 70, render: (_v, row) => COURSE_KIND_LABELS[row.kind] },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (_v, row) => <Tag color={STATUS_COLORS[row.status]}>{COURSE_STATUS_LABELS[row.status]}</Tag>,
    },
    {
      title: '讲师',
      key: 'teachers',
      render: (_v, row) => row.teachers.map((t) => t.name).join('、') || '—',
    },
    { title: '学员', dataIndex: 'memberCount', width: 70 },
    {
      title: '完成率',
      dataIndex: 'completionRate',
      width: 90,
      render: (_v, row) => percentText(row.completionRate),
    },
    {
      title: '评分',
      dataIndex: 'averageRating',
      width: 90,
      render: (_v, row) => ratingText(row.averageRating),
    },
    {
      title: '操作',
      key: 'actions',
      width: 230,
      fixed: 'right',
      render: (_v, row) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => onEdit(row)} aria-label={`编辑课程「${row.name}」`}>
            编辑
          </Button>
          <Button
            type="link"
            size="small"
            onClick={() => actions.copy(row)}
            aria-label={`复制课程「${row.name}」`}
          >
            复制
          </Button>
          {row.status === 'open' ? (
            <Button
              type="link"
              size="small"
              onClick={() => actions.close(row)}
              aria-label={`关闭课程「${row.name}」`}
            >
              关闭
            </Button>
          ) : (
            <Button
              type="link"
              size="small"
              onClick={() => actions.open(row)}
              aria-label={`开课「${row.name}」`}
            >
              开课
            </Button>
          )}
          <Button
            type="link"
            size="small"
            danger
            onClick={() => onDelete(row)}
            aria-label={`删除课程「${row.name}」`}
          >
            删除
          </Button>
        </Space>
      ),
    },
  ];
}

/** /manage/study/course: the category tree on the left, the courses of the chosen category on the right. */
export default function CourseListPage(): ReactNode {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [editing, setEditing] = useState<{ courseId: number | null } | null>(null);
  const [teachersOpen, setTeachersOpen] = useState(false);
  const actions = useCourseActions();
  const list = useListPage<CourseRow, ListFilter, { count: number }>({
    initialFilter: {},
    queryKey: (filter, page, size) => courseKeys.list(filter, page, size),
    fetchPage: (filter, page, size) => fetchCourses(filter, page, size),
    rowKey: 'courseId',
    invalidate: [courseKeys.all],
    remove: ([row]) => deleteCourse((row as CourseRow).courseId),
    onRemoved: (_r, [row]) => message.success(`已删除课程「${row?.name ?? ''}」`),
  });
  const categoryId = list.filter.categoryId ?? ALL_COURSES;
  const confirmDelete = (row: CourseRow) =>
    list.confirmDelete([row], {
      title: `删除课程「${row.name}」？`,
      content:
        row.status === 'open'
          ? '课程正在开课，请先关闭课程再删除。'
          : `课程的章节、${row.memberCount} 名学员及其学习记录将一并删除，此操作不可撤销。`,
    });

  return (
    <div className="kp-page kp-course-page">
      <Card className="kp-course-page__tree" size="small">
        <CategoryTreePanel
          selectedId={categoryId}
          onSelect={(id) => list.updateFilter({ categoryId: id === ALL_COURSES ? undefined : id })}
          editable
        />
      </Card>
      <Card className="kp-course-page__main" size="small">
        <SummaryBar />
        <div className="kp-course-page__bar">
          <CourseFilterForm
            onSearch={(values) =>
              list.updateFilter({
                keyword: undefined,
                status: undefined,
                kind: undefined,
                tagId: undefined,
                teacherId: undefined,
                ...values,
              })
            }
          />
          <Space wrap>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ courseId: null })}>
              新建课程
            </Button>
            <Button icon={<TeamOutlined />} onClick={() => setTeachersOpen(true)}>
              讲师管理
            </Button>
            <Button
              icon={<DownloadOutlined />}
              onClick={() => void exportCourses(list.filter).catch(() => undefined)}
            >
              导出
            </Button>
          </Space>
        </div>
        {list.query.isError ? (
          <PageError description="课程加载失败，请稍后重试。" onRetry={() => void list.query.refetch()} />
        ) : (
          <DataTable<CourseRow>
            {...list.tableProps}
            selectable={false}
            columns={columns((row) => setEditing({ courseId: row.courseId }), confirmDelete, actions)}
            scrollX={1200}
          />
        )}
        {!list.query.isPending && list.rows.length === 0 && !list.query.isError ? (
          <Typography.Paragraph type="secondary" style={{ textAlign: 'center', margin: 0 }}>
            {categoryId === ALL_COURSES ? '还没有课程，点击“新建课程”开始。' : '该分类下还没有课程。'}
          </Typography.Paragraph>
        ) : null}
      </Card>
      <CourseFormModal
        open={editing !== null}
        courseId={editing?.courseId ?? null}
        defaultCategoryId={categoryId}
        onClose={() => setEditing(null)}
        onSaved={(course) => {
          const created = editing?.courseId === null;
          setEditing(null);
          void list.refresh();
          if (created) void navigate(courseDetailPath(course.courseId));
        }}
      />
      <TeacherDrawer open={teachersOpen} onClose={() => setTeachersOpen(false)} />
    </div>
  );
}
