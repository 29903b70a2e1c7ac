import { useEffect, type ReactNode } from 'react';
import { App, Form, Modal, TreeSelect, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { moveStaff, type DepartmentNode, type StaffRow } from '../api';
import { departmentOptions, departmentPath } from '../staff-rules';

/** Moves the chosen staff into one department. */
export function MoveStaffModal({
  staff,
  tree,
  onClose,
  onMoved,
}: {
  /** The people to move; empty closes the dialog. */
  staff: StaffRow[];
  tree: readonly DepartmentNode[];
  onClose: () => void;
  onMoved: () => void;
}): ReactNode {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ departmentId: number }>();
  const open = staff.length > 0;

  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const move = useMutation({
    mutationFn: (departmentId: number) =>
      moveStaff(
        staff.map((person) => person.userId),
        departmentId,
      ),
    onSuccess: (result, departmentId) => {
      message.success(`已将 ${result.count} 名员工调整到「${departmentPath(tree, departmentId)}」`);
      onMoved();
    },
  });

  const names = staff
    .slice(0, 5)
    .map((person) => person.realName)
    .join('、');

  return (
    <Modal
      open={open}
      title="批量调整部门"
      okText="确定"
      cancelText="取消"
      confirmLoading={move.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      forceRender
    >
      <Typography.Paragraph>
        已选 {staff.length} 人：{names}
        {staff.length > 5 ? ' 等' : ''}
      </Typography.Paragraph>
      <Form
        form={form}
        name="kp-move-staff"
        layout="vertical"
        onFinish={(values) => move.mutate(values.departmentId)}
      >
        <Form.Item name="departmentId" label="调整到部门" rules={[{ required: true, message: '请选择部门' }]}>
          <TreeSelect
            showSearch={{ treeNodeFilterProp: 'title' }}
            placeholder="选择部门"
            treeData={departmentOptions(tree)}
            treeDefaultExpandAll
            aria-label="调整到部门"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
