import { useEffect, type ReactNode } from 'react';
import { App, DatePicker, Form, Input, Modal, Select } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import type { TaskItemKind } from '@kaopei/shared';
import { courseKeys, fetchCourseOptions } from '../../course/api';
import {
  fetchExamOptions,
  fetchPracticeOptions,
  fetchTask,
  saveTask,
  taskKeys,
  type TaskDetail,
} from '../api';
import { itemsFromPicks, picksOf } from '../study-task-rules';

interface Values {
  name: string;
  description?: string;
  window: [Dayjs, Dayjs];
  courseIds?: number[];
  examIds?: number[];
  practiceIds?: number[];
}

function useOptions(open: boolean) {
  const courses = useQuery({
    queryKey: courseKeys.simple(''),
    queryFn: () => fetchCourseOptions(''),
    enabled: open,
  });
  const exams = useQuery({ queryKey: taskKeys.exams, queryFn: fetchExamOptions, enabled: open });
  const practices = useQuery({ queryKey: taskKeys.practices, queryFn: fetchPracticeOptions, enabled: open });
  return {
    course: (courses.data ?? []).map((c) => ({ value: c.courseId, label: c.name })),
    exam: (exams.data ?? []).map((e) => ({ value: e.id, label: e.name })),
    practice: (practices.data ?? []).map((p) => ({ value: p.id, label: p.name })),
  } satisfies Record<TaskItemKind, { value: number; label: string }[]>;
}

const PICKERS: { name: 'courseIds' | 'examIds' | 'practiceIds'; kind: TaskItemKind; label: string }[] = [
  { name: 'courseIds', kind: 'course', label: '课程' },
  { name: 'examIds', kind: 'exam', label: '考试' },
  { name: 'practiceIds', kind: 'practice', label: '练习' },
];

/** 新建/编辑学习任务: name, description, start and due time, and the courses, exams and practice sets. */
export function TaskFormModal({
  open,
  taskId,
  onClose,
  onSaved,
}: {
  open: boolean;
  taskId: number | null;
  onClose: () => void;
  onSaved: (task: TaskDetail) => void;
}): ReactNode {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const options = useOptions(open);
  const task = useQuery({
    queryKey: taskKeys.detail(taskId ?? 0),
    queryFn: () => fetchTask(taskId ?? 0),
    enabled: open && taskId !== null,
  });
  useEffect(() => {
    if (!open) return;
    if (taskId === null) {
      const start = dayjs().startOf('minute');
      form.setFieldsValue({ name: '', description: '', window: [start, start.add(14, 'day').endOf('day')] });
      form.setFieldsValue({ courseIds: [], examIds: [], practiceIds: [] });
    } else if (task.data) {
      const t = task.data;
      form.setFieldsValue({
        name: t.name,
        description: t.description ?? '',
        window: [dayjs(t.startAt), dayjs(t.dueAt)],
        ...picksOf(t.items),
      });
    }
  }, [open, taskId, task.data, form]);
  const save = useMutation({
    mutationFn: (values: Values) =>
      saveTask(taskId, {
        name: values.name,
        description: values.description ?? null,
        startAt: values.window[0].valueOf(),
        dueAt: values.window[1].valueOf(),
        items: itemsFromPicks(values),
      }),
    onSuccess: (saved) => {
      message.success(taskId === null ? `已创建学习任务「${saved.name}」` : '已保存');
      onSaved(saved);
    },
  });
  return (
    <Modal
      open={open}
      title={taskId === null ? '新建学习任务' : '编辑学习任务'}
      okText="保存"
      cancelText="取消"
      destroyOnHidden
      width={640}
      confirmLoading={save.isPending}
      onCancel={onClose}
      onOk={() => form.submit()}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        name="kp-study-task"
        onFinish={(values) => {
          if (itemsFromPicks(values).length === 0) {
            message.error('请至少添加一项任务内容（课程、考试或练习）');
            return;
          }
          save.mutate(values);
        }}
      >
        <Form.Item
          name="name"
          label="任务名称"
          rules={[{ required: true, whitespace: true, message: '请输入任务名称' }]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="description" label="任务说明">
          <Input.TextArea maxLength={2000} rows={2} />
        </Form.Item>
        <Form.Item
          name="window"
          label="开始与截止时间"
          rules={[
            { required: true, message: '请选择开始与截止时间' },
            {
              validator: (_r, value?: [Dayjs, Dayjs]) =>
                !value || value[1].isAfter(value[0])
                  ? Promise.resolve()
                  : Promise.reject(new Error('截止时间必须晚于开始时间')),
            },
          ]}
        >
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            placeholder={['开始时间', '截止时间']}
            aria-label="开始与截止时间"
          />
        </Form.Item>
        {PICKERS.map((picker) => (
          <Form.Item key={picker.name} name={picker.name} label={picker.label}>
            <Select
              mode="multiple"
              allowClear
              aria-label={picker.label}
              placeholder={`选择${picker.label}`}
              optionFilterProp="label"
              options={options[picker.kind]}
            />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
