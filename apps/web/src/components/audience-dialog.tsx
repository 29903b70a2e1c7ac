import { useEffect, type ReactNode } from 'react';
import { App, Checkbox, Form, Modal, Select, TreeSelect, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { StaffMultiPicker } from './staff-picker';
import { useDepartmentTree, useUserTags } from './use-department-tree';

/** Who to add: departments (with sub-departments or not), people and user tags, any mix. */
export interface Audience {
  departmentIds: number[];
  includeSubDepartments: boolean;
  userIds: number[];
  tagIds: number[];
}

interface Values {
  departmentIds?: number[];
  includeSubDepartments: boolean;
  userIds?: number[];
  tagIds?: number[];
}

const toAudience = (values: Values): Audience => ({
  departmentIds: values.departmentIds ?? [],
  includeSubDepartments: values.includeSubDepartments,
  userIds: values.userIds ?? [],
  tagIds: values.tagIds ?? [],
});

export interface AudienceDialogProps {
  open: boolean;
  title: string;
  /** The OK button's verb (添加, 分配); the empty-choice message reads 请选择要{okText}的部门、员工或标签. */
  okText: string;
  /** The form's name (ids of its fields). */
  formName: string;
  /** A line under the fields saying what happens to people already in. */
  note: string;
  submit: (audience: Audience) => Promise<{ count: number }>;
  /** The toast after a save, from the number of people added. */
  successMessage: (count: number) => string;
  onClose: (added: boolean) => void;
}

/** Choose people by department (with sub-departments), by staff member and by user tag, in one go. */
export function AudienceDialog(props: AudienceDialogProps): ReactNode {
  const { open, title, okText, formName, note, submit, successMessage, onClose } = props;
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const { treeData } = useDepartmentTree(open);
  const { options: tagOptions } = useUserTags(open);
  useEffect(() => {
    if (open)
      form.setFieldsValue({ departmentIds: [], userIds: [], tagIds: [], includeSubDepartments: true });
  }, [open, form]);
  const save = useMutation({
    mutationFn: (values: Values) => submit(toAudience(values)),
    onSuccess: ({ count }) => {
      message.success(successMessage(count));
      onClose(true);
    },
  });
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText="取消"
      destroyOnHidden
      confirmLoading={save.isPending}
      onCancel={() => onClose(false)}
      onOk={() => form.submit()}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        name={formName}
        onFinish={(values) => {
          if (!values.departmentIds?.length && !values.userIds?.length && !values.tagIds?.length) {
            message.error(`请选择要${okText}的部门、员工或标签`);
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
            treeData={treeData}
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
            options={tagOptions}
          />
        </Form.Item>
        <Typography.Text type="secondary">{note}</Typography.Text>
      </Form>
    </Modal>
  );
}
