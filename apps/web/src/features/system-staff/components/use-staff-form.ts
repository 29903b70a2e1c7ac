import { useEffect } from 'react';
import { App, Form } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { addStaff, fetchStaffOptions, modifyStaff, staffKeys, type StaffRow } from '../api';
import { staffFormValues, staffInputOf, type StaffFormValues } from '../staff-form-rules';
import { blankToNull } from '../staff-rules';
import { showErrorOnForm } from '../../../lib/form-errors';
import { showPasswordOnce } from './password-notice';

interface StaffFormInput {
  open: boolean;
  staff: StaffRow | null;
  defaultDepartmentId: number | null;
  canAssignRoles: boolean;
  onSaved: () => void;
}

/**
 * The staff form's state: filled when the dialog opens (the person, or the chosen department and the
 * default role for someone new), the options (posts, roles), and saving (the initial password shown once).
 */
export function useStaffForm(input: StaffFormInput) {
  const { open, staff, defaultDepartmentId, canAssignRoles, onSaved } = input;
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<StaffFormValues>();
  const options = useQuery({ queryKey: staffKeys.options, queryFn: fetchStaffOptions, enabled: open });
  const defaultRole = options.data?.roles.find((role) => role.isDefault);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (staff) form.setFieldsValue(staffFormValues(staff));
    else form.setFieldsValue({ departmentId: defaultDepartmentId ?? undefined });
  }, [open, staff, defaultDepartmentId, form]);

  useEffect(() => {
    // New staff start with the default role, as the server would give them.
    if (open && !staff && defaultRole && form.getFieldValue('roleIds') === undefined) {
      form.setFieldsValue({ roleIds: [defaultRole.roleId] });
    }
  }, [open, staff, defaultRole, form]);

  const save = useMutation({
    mutationFn: async (values: StaffFormValues) => {
      const staffInput = staffInputOf(values, canAssignRoles);
      if (staff) {
        await modifyStaff(staff.userId, staffInput);
        return { initialPassword: null, input: staffInput };
      }
      const created = await addStaff({ ...staffInput, password: blankToNull(values.password) });
      return { initialPassword: created.initialPassword, input: staffInput };
    },
    onError: (error) => showErrorOnForm(form, error),
    onSuccess: ({ initialPassword, input: saved }) => {
      message.success(staff ? `已保存「${saved.realName}」` : `已新增员工「${saved.realName}」`);
      onSaved();
      if (initialPassword) {
        showPasswordOnce(modal, '员工已新增，初始密码如下', {
          realName: saved.realName,
          account: saved.account,
          password: initialPassword,
        });
      }
    },
  });

  return { form, options, defaultRole, save };
}
