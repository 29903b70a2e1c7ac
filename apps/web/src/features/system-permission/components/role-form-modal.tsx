import type { ReactNode } from 'react';
import { Checkbox, Form, Input, Modal, Space } from 'antd';
import { PERMISSIONS, type PermissionIndex } from '@kaopei/shared';
import type { RoleInput, RoleRow } from '../api';
import { showErrorOnForm } from '../../../lib/form-errors';
import { PermissionIcon } from './permission-icons';

interface RoleFormValues {
  name: string;
  description?: string;
  permissions: PermissionIndex[];
}

/** 权限: one checkbox per permission bit, each with its icon. */
function PermissionsField(): ReactNode {
  return (
    <Form.Item
      name="permissions"
      label="权限"
      extra="每项权限授予对应的整组菜单：课程管理 → 学习管理；题库管理 → 题库管理；组织架构管理 → 系统管理；考试管理 → 考试管理与试卷管理。"
    >
      <Checkbox.Group>
        <Space orientation="vertical">
          {PERMISSIONS.map((permission) => (
            <Checkbox key={permission.index} value={permission.index}>
              <Space size={6}>
                <PermissionIcon index={permission.index} />
                {permission.label}
              </Space>
            </Checkbox>
          ))}
        </Space>
      </Checkbox.Group>
    </Form.Item>
  );
}

/** Adds a role (`role` undefined) or edits one: name, description and permission bits. */
export function RoleFormModal({
  open,
  role,
  saving,
  onSubmit,
  onCancel,
}: {
  open: boolean;
  role?: RoleRow;
  saving: boolean;
  /** Saves; a refusal naming a field is shown under it. */
  onSubmit: (input: RoleInput) => Promise<unknown>;
  onCancel: () => void;
}): ReactNode {
  const [form] = Form.useForm<RoleFormValues>();

  const initialValues: RoleFormValues = {
    name: role?.name ?? '',
    description: role?.description ?? '',
    permissions: role?.permissions ?? [],
  };

  const submit = async () => {
    const values = await form.validateFields();
    await onSubmit({
      name: values.name.trim(),
      description: values.description?.trim() || null,
      permissions: values.permissions ?? [],
    }).catch((error: unknown) => showErrorOnForm(form, error));
  };

  return (
    <Modal
      open={open}
      title={role ? `编辑角色：${role.name}` : '新增角色'}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form
        key={role?.roleId ?? 'new'}
        form={form}
        layout="vertical"
        name="role-form"
        initialValues={initialValues}
        preserve={false}
      >
        <Form.Item
          name="name"
          label="角色名称"
          rules={[
            { required: true, whitespace: true, message: '请输入角色名称' },
            { max: 50, message: '角色名称不能超过 50 个字符' },
          ]}
        >
          <Input placeholder="如：题库管理员" maxLength={50} autoComplete="off" />
        </Form.Item>
        <Form.Item name="description" label="描述" rules={[{ max: 200, message: '描述不能超过 200 个字符' }]}>
          <Input.TextArea placeholder="这个角色负责什么（选填）" rows={3} maxLength={200} showCount />
        </Form.Item>
        <PermissionsField />
      </Form>
    </Modal>
  );
}
