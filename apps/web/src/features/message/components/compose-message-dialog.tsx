import { useState, type ReactNode } from 'react';
import { Form, Input, Modal, TreeSelect } from 'antd';
import type { FormInstance } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/feedback';
import { noticeKeys } from '../../notice/api';
import { messageKeys, sendMessage } from '../api';
import { StaffMultiPicker } from '../../../components/staff-picker';
import { useDepartmentTree } from '../../../components/use-department-tree';

interface ComposeValues {
  title?: string;
  content: string;
  userIds?: number[];
  departmentIds?: number[];
}

/** 接收人 or 接收部门: at least one of them. */
const needRecipients = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
  validator: () => {
    const users = getFieldValue('userIds') as number[] | undefined;
    const depts = getFieldValue('departmentIds') as number[] | undefined;
    return users?.length || depts?.length
      ? Promise.resolve()
      : Promise.reject(new Error('请选择接收人或部门'));
  },
});

/** Validates and sends; on success says to how many, clears the form, closes and refreshes the lists. */
function useSendMessage(form: FormInstance<ComposeValues>, onClose: () => void) {
  const queryClient = useQueryClient();
  const [sending, setSending] = useState(false);
  const submit = async () => {
    let values: ComposeValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSending(true);
    try {
      const count = await sendMessage({
        title: values.title?.trim() || undefined,
        content: values.content.trim(),
        userIds: values.userIds?.length ? values.userIds : undefined,
        departmentIds: values.departmentIds?.length ? values.departmentIds : undefined,
      });
      toast.success(`消息已发送给 ${count} 人`);
      form.resetFields();
      onClose();
      // The sender may be among the recipients.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: messageKeys.all }),
        queryClient.invalidateQueries({ queryKey: noticeKeys.unreadFlag }),
      ]);
    } catch {
      // The HTTP client has shown the reason.
    } finally {
      setSending(false);
    }
  };
  return { sending, submit };
}

/** Administrators: a message to chosen staff and/or whole departments (sub-departments included). */
export function ComposeMessageDialog({ open, onClose }: { open: boolean; onClose: () => void }): ReactNode {
  const [form] = Form.useForm<ComposeValues>();
  const { sending, submit } = useSendMessage(form, onClose);
  const { departments: tree, treeData } = useDepartmentTree(open);

  return (
    <Modal
      open={open}
      title="发送消息"
      okText="发送"
      onOk={() => void submit()}
      confirmLoading={sending}
      onCancel={onClose}
      destroyOnHidden
      forceRender
      width={560}
    >
      <Form form={form} layout="vertical" name="compose-message" preserve={false}>
        <Form.Item name="userIds" label="接收人" dependencies={['departmentIds']} rules={[needRecipients]}>
          <StaffMultiPicker testId="compose-staff" aria-label="接收人" />
        </Form.Item>
        <Form.Item
          name="departmentIds"
          label="接收部门"
          extra="选择部门时，其下级部门的员工也会收到"
          dependencies={['userIds']}
          rules={[needRecipients]}
        >
          <TreeSelect
            treeData={treeData}
            treeCheckable
            showCheckedStrategy={TreeSelect.SHOW_PARENT}
            placeholder={tree.isError ? '部门加载失败' : '选择部门'}
            loading={tree.isFetching}
            allowClear
            treeDefaultExpandAll
            maxTagCount="responsive"
            data-testid="compose-departments"
            aria-label="接收部门"
          />
        </Form.Item>
        <Form.Item name="title" label="标题" rules={[{ max: 200, message: '标题不能超过 200 个字符' }]}>
          <Input placeholder="选填" maxLength={200} />
        </Form.Item>
        <Form.Item
          name="content"
          label="内容"
          rules={[
            { required: true, whitespace: true, message: '请输入消息内容' },
            { max: 5000, message: '消息内容不能超过 5000 个字符' },
          ]}
        >
          <Input.TextArea
            rows={5}
            showCount
            maxLength={5000}
            placeholder="消息内容"
            data-testid="compose-content"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
