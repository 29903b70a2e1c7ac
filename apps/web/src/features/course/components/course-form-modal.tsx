import { useEffect, type ReactNode } from 'react';
import {
  App,
  Col,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Row,
  Select,
  Skeleton,
  Switch,
  TreeSelect,
} from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { COURSE_ENROLMENT_LABELS, COURSE_KIND_LABELS, DEFAULT_COMPLETE_PERCENT } from '@kaopei/shared';
import type { CourseEnrolment, CourseKind } from '@kaopei/shared';
import { COURSE_NAME_MAX } from '@kaopei/shared/contracts/course';
import { PageError } from '../../../app/page-states';
import { RichTextEditor } from '../../../components/rich-text-editor';
import { showErrorOnForm } from '../../../lib/form-errors';
import {
  courseKeys,
  createCourse,
  fetchCourse,
  fetchCourseTags,
  fetchTeacherOptions,
  modifyCourse,
  type CourseDetail,
  type CourseInput,
} from '../api';
import { categoryOptions } from '../course-rules';
import { CoverField, type CoverValue } from './cover-field';
import { useCourseCategories } from './category-tree-panel';

interface CourseFormValues {
  name: string;
  categoryId: number;
  cover?: CoverValue | null;
  intro?: string;
  teacherIds?: number[];
  tagIds?: number[];
  kind: CourseKind;
  credits: number;
  minutes: number;
  enrolment: CourseEnrolment;
  noSkip: boolean;
  completePercent: number;
}

const DEFAULTS: Omit<CourseFormValues, 'name' | 'categoryId'> = {
  kind: 'elective',
  credits: 1,
  minutes: 60,
  enrolment: 'assigned',
  noSkip: false,
  completePercent: DEFAULT_COMPLETE_PERCENT,
  teacherIds: [],
  tagIds: [],
};

const toInput = (values: CourseFormValues): CourseInput => ({
  name: values.name.trim(),
  categoryId: values.categoryId || null,
  coverFileId: values.cover?.id ?? null,
  intro: values.intro || null,
  teacherIds: values.teacherIds ?? [],
  tagIds: values.tagIds ?? [],
  kind: values.kind,
  credits: values.credits,
  minutes: values.minutes,
  enrolment: values.enrolment,
  noSkip: values.noSkip,
  completePercent: values.completePercent,
});

const toValues = (course: CourseDetail): CourseFormValues => ({
  name: course.name,
  categoryId: course.categoryId ?? 0,
  cover: course.coverFileId && course.coverUrl ? { id: course.coverFileId, url: course.coverUrl } : null,
  intro: course.intro ?? '',
  teacherIds: course.teachers.map((t) => t.teacherId),
  tagIds: course.tags.map((t) => t.tagId),
  kind: course.kind,
  credits: course.credits,
  minutes: course.minutes,
  enrolment: course.enrolment,
  noSkip: course.noSkip,
  completePercent: course.completePercent,
});

const labelled = <T extends string>(labels: Record<T, string>) =>
  (Object.entries(labels) as [T, string][]).map(([value, label]) => ({ value, label }));

function CourseFields(): ReactNode {
  const categories = useCourseCategories();
  const teachers = useQuery({ queryKey: courseKeys.teacherOptions, queryFn: fetchTeacherOptions });
  const tags = useQuery({ queryKey: courseKeys.tags, queryFn: fetchCourseTags });
  return (
    <>
      <Form.Item
        name="name"
        label="课程名称"
        rules={[
          { required: true, whitespace: true, message: '请输入课程名称' },
          { max: COURSE_NAME_MAX, message: `课程名称不能超过 ${COURSE_NAME_MAX} 个字符` },
        ]}
      >
        <Input maxLength={COURSE_NAME_MAX} autoFocus />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="categoryId" label="课程分类">
            <TreeSelect treeDefaultExpandAll treeData={categoryOptions(categories.data ?? [])} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="kind" label="课程类型">
            <Radio.Group options={labelled(COURSE_KIND_LABELS)} optionType="button" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="cover" label="封面">
        <CoverField />
      </Form.Item>
      <Form.Item name="intro" label="课程简介">
        <RichTextEditor label="课程简介" testId="course-intro" />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="teacherIds" label="讲师">
            <Select
              mode="multiple"
              allowClear
              optionFilterProp="label"
              placeholder="选择讲师（在“讲师管理”中维护）"
              options={(teachers.data ?? []).map((t) => ({
                value: t.teacherId,
                label: t.title ? `${t.name}（${t.title}）` : t.name,
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="tagIds" label="课程标签">
            <Select
              mode="multiple"
              allowClear
              optionFilterProp="label"
              placeholder="在“系统管理 › 标签管理”中维护课程标签"
              options={(tags.data ?? []).map((t) => ({ value: t.tagId, label: t.name }))}
            />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={12} md={6}>
          <Form.Item name="credits" label="学分" rules={[{ required: true, message: '请输入学分' }]}>
            <InputNumber min={0} max={999} step={0.5} precision={1} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="minutes" label="学时（分钟）" rules={[{ required: true, message: '请输入学时' }]}>
            <InputNumber min={0} max={100000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item
            name="completePercent"
            label="完成比例（%）"
            tooltip="视频观看达到该比例即视为完成该小节"
            rules={[{ required: true, message: '请输入完成比例' }]}
          >
            <InputNumber min={1} max={100} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="noSkip" label="禁止拖动进度" valuePropName="checked">
            <Switch checkedChildren="禁止" unCheckedChildren="允许" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="enrolment" label="学员范围">
        <Radio.Group options={labelled(COURSE_ENROLMENT_LABELS)} />
      </Form.Item>
    </>
  );
}

/** 新建课程 / 编辑课程: every field of the course; teachers and tags from their pickers. */
export function CourseFormModal({
  open,
  courseId,
  defaultCategoryId,
  onClose,
  onSaved,
}: {
  open: boolean;
  courseId: number | null;
  defaultCategoryId: number;
  onClose: () => void;
  onSaved: (course: CourseDetail) => void;
}): ReactNode {
  const { message } = App.useApp();
  const [form] = Form.useForm<CourseFormValues>();
  const editing = courseId !== null;
  const detail = useQuery({
    queryKey: courseKeys.detail(courseId ?? 0),
    queryFn: () => fetchCourse(courseId ?? 0),
    enabled: open && editing,
  });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing && detail.data) form.setFieldsValue(toValues(detail.data));
    if (!editing) form.setFieldsValue({ ...DEFAULTS, categoryId: defaultCategoryId });
  }, [open, editing, detail.data, defaultCategoryId, form]);

  const save = useMutation({
    mutationFn: (input: CourseInput) => (editing ? modifyCourse(courseId, input) : createCourse(input)),
    onSuccess: (course) => {
      message.success(editing ? `已保存课程「${course.name}」` : `已新建课程「${course.name}」`);
      onSaved(course);
    },
    onError: (error) => showErrorOnForm(form, error, { coverFileId: 'cover' }),
  });

  return (
    <Modal
      open={open}
      title={editing ? '编辑课程' : '新建课程'}
      width={820}
      okText="保存"
      cancelText="取消"
      destroyOnHidden
      confirmLoading={save.isPending}
      onCancel={onClose}
      onOk={() => form.submit()}
    >
      {editing && detail.isPending ? (
        <Skeleton active />
      ) : editing && detail.isError ? (
        <PageError description="课程加载失败" onRetry={() => void detail.refetch()} />
      ) : (
        <Form<CourseFormValues>
          form={form}
          layout="vertical"
          name="kp-course-form"
          onFinish={(values) => save.mutate(toInput(values))}
        >
          <CourseFields />
        </Form>
      )}
    </Modal>
  );
}
