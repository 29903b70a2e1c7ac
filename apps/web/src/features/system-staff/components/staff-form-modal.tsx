import type { ReactNode } from 'react';
import { Form, Modal, Row } from 'antd';
import type { DepartmentNode, StaffRow } from '../api';
import type { StaffFormValues } from '../staff-form-rules';
import { InitialPasswordField, StaffIdentityFields, StaffPlacementFields } from './staff-form-sections';
import { useStaffForm } from './use-staff-form';

/** Adds a staff member or edits one. Roles are offered only to callers who may assign them. */
export function StaffFormModal({
  open,
  staff,
  tree,
  defaultDepartmentId,
  canAssignRoles,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The person to edit; absent to add. */
  staff: StaffRow | null;
  tree: readonly DepartmentNode[];
  defaultDepartmentId: number | null;
  canAssignRoles: boolean;
  onClose: () => void;
  onSaved: () => void;
}): ReactNode {
  const editing = staff !== null;
  const { form, options, defaultRole, save } = useStaffForm({
    open,
    staff,
    defaultDepartmentId,
    canAssignRoles,
    onSaved,
  });

  return (
    <Modal
      open={open}
      title={editing ? `编辑员工 · ${staff.realName}` : '新增员工'}
      width={720}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      forceRender
    >
      <Form<StaffFormValues>
        form={form}
        name="kp-staff-form"
        layout="vertical"
        aria-label={editing ? '编辑员工' : '新增员工'}
        onFinish={(values) => save.mutate(values)}
      >
        <Row gutter={16}>
          <StaffIdentityFields />
          <StaffPlacementFields
            tree={tree}
            options={options}
            canAssignRoles={canAssignRoles}
            editing={editing}
            defaultRole={defaultRole}
          />
          {!editing ? <InitialPasswordField /> : null}
        </Row>
      </Form>
    </Modal>
  );
}
