import { useEffect, type ReactNode } from 'react';
import { App, Checkbox, Form, Modal, Select, TreeSelect, Typography } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { StaffMultiPicker } from '../../../components/staff-picker';
import { addMembers, courseKeys, fetchDepartmentTree, fetchUserTags } from '../api';

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
const toOptions = (nodes: readonly DepartmentNode[]): DepartmentOption[] =>
  nodes.map((n) => ({
    value: n.departmentId,
    title: n.name,
    ...(n.children.length ? { children: toOptions(n.children) } : {}),
  }));

/** 添加学员: by department (with sub-departments), by staff member and by user tag, in one go. */
export function AddMembersDialog({
  courseId,
  open,
  onClose,
}: {
  courseId: number;
  open: boolean;
  onClose: (added: boolean) => void;
}): ReactNode {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
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
      addMembers({
        courseId,
        departmentIds: values.departmentIds ?? [],
        includeSubDepartments: values.includeSubDepartments,
        userIds: values.userIds ?? [],
        tagIds: values.tagIds ?? [],
      }),
    onSuccess: ({ count }) => {
      message.success(count > 0 ? `已添加 ${count} 名学员` : '所选人员已全部在课程中');
      onClose(true);
    },
  });
  return (
    <Modal
      open={open}
      title="添加学员"
      okText="添加"
      cancelText="取消"
      destroyOnHidden
      confirmLoading={save.isPending}
      onCancel={() => onClose(false)}
      onOk={() => form.submit()}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        name="kp-course-members"
        onFinish={(values) => {
          if (!values.departmentIds?.length && !values.userIds?.length && !values.tagIds?.length) {
            message.error('请选择要添加的部门、员工或标签');
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
            treeData={toOptions(departments.data ?? [])}
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
            optionFilterProp="label"
            options={(tags.data ?? []).map((t) => ({ value: t.tagId, label: t.name }))}
          />
        </Form.Item>
        <Typography.Text type="secondary">只添加在职员工；已在课程中的学员保持不变。</Typography.Text>
      </Form>
    </Modal>
  );
}
