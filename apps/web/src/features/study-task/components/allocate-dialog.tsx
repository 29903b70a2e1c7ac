import { useEffect, type ReactNode } from 'react';
import { App, Checkbox, Form, Modal, Select, TreeSelect, Typography } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { StaffMultiPicker } from '../../../components/staff-picker';
import { courseKeys, fetchDepartmentTree, fetchUserTags } from '../../course/api';
import { allocateTask } from '../api';

interface Values {
  departmentIds?: number[];
  includeSubDepartments: boolean;
  userIds?: number[];
  tagIds?: number[];
}

interface DepartmentOption {
  value: number;
  title: string;
  children?: DepartmentOption[];
}

type DepartmentNode = Awaited<ReturnType<typeof fetchDepartmentTree>>[number];
export const departmentOptions = (nodes: readonly DepartmentNode[]): DepartmentOption[] =>
  nodes.map((n) => ({
    value: n.departmentId,
    title: n.name,
    ...(n.children.length ? { children: departmentOptions(n.children) } : {}),
  }));

/** 分配: by department (with sub-departments), by staff member and by user tag, in one go. */
export function AllocateDialog({
  task,
  onClose,
}: {
  task: { id: number; name: string } | null;
  onClose: (added: boolean) => void;
}): ReactNode {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const open = task !== null;
  const departments = useQuery({
    queryKey: courseKeys.departments,
    queryFn: fetchDepartmentTree,
    enabled: open,
  });
  const tags = useQuery({ queryKey: courseKeys.userTags, queryFn: fetchUserTags, enabled: open });
  useEffect(() => {
    if (open)
      form.setFieldsValue({ departmentIds: [], userIds: [], tagIds: [], includeSubDepartments: true });
  }, [open, form]);
  const save = useMutation({
    mutationFn: (values: Values) =>
      allocateTask({
        taskId: task?.id ?? 0,
        departmentIds: values.departmentIds ?? [],
        includeSubDepartments: values.includeSubDepartments,
        userIds: values.userIds ?? [],
        tagIds: values.tagIds ?? [],
      }),
    onSuccess: ({ count }) => {
      message.success(count > 0 ? `已分配给 ${count} 人` : '所选人员都已分配过此任务');
      onClose(true);
    },
  });
  return (
    <Modal
      open={open}
      title={`分配学习任务「${task?.name ?? ''}」`}
      okText="分配"
      cancelText="取消"
      destroyOnHidden
      confirmLoading={save.isPending}
      onCancel={() => onClose(false)}
      onOk={() => form.submit()}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        name="kp-study-task-allocate"
        onFinish={(values) => {
          if (!values.departmentIds?.length && !values.userIds?.length && !values.tagIds?.length) {
            message.error('请选择要分配的部门、员工或标签');
            return;
          }
          save.mutate(values);
        }}
      >
        <Form.Item name="departmentIds" label="按部门">
          <TreeSelect
            multiple
            allowClear
            treeDefaultExpandAll
            placeholder="选择部门"
            aria-label="按部门"
            treeData={departmentOptions(departments.data ?? [])}
            treeNodeFilterProp="title"
          />
        </Form.Item>
        <Form.Item name="includeSubDepartments" valuePropName="checked">
          <Checkbox>包含子部门</Checkbox>
        </Form.Item>
        <Form.Item name="userIds" label="按员工">
          <StaffMultiPicker aria-label="按员工" />
        </Form.Item>
        <Form.Item name="tagIds" label="按用户标签">
          <Select
            mode="multiple"
            allowClear
            placeholder="选择用户标签"
            aria-label="按用户标签"
            optionFilterProp="label"
            options={(tags.data ?? []).map((t) => ({ value: t.tagId, label: t.name }))}
          />
        </Form.Item>
        <Typography.Text type="secondary">
          只分配在职员工；已分配的人员保持不变。分配后，人员自动加入任务中的课程并成为考试的考生，并收到站内提醒。
        </Typography.Text>
      </Form>
    </Modal>
  );
}
