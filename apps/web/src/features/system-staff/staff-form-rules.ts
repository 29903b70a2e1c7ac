import type { StaffInput, StaffRow } from './api';
import { blankToNull } from './staff-rules';

/** The values of the staff form (add or edit). */
export interface StaffFormValues {
  realName: string;
  account: string;
  phone?: string;
  email?: string;
  gender?: boolean | null;
  jobNumber?: string;
  departmentId?: number | null;
  postId?: number | null;
  roleIds?: number[];
  password?: string;
}

/** The form's values for a person being edited. */
export function staffFormValues(staff: StaffRow): StaffFormValues {
  return {
    realName: staff.realName,
    account: staff.account,
    phone: staff.phone ?? '',
    email: staff.email ?? '',
    gender: staff.gender,
    jobNumber: staff.jobNumber ?? '',
    departmentId: staff.departmentId ?? undefined,
    postId: staff.postVO?.postId ?? undefined,
    roleIds: staff.roles.map((role) => role.roleId),
  };
}

/**
 * What the form sends: names trimmed, blank optional fields as null; roles only from callers who may
 * assign them (the others leave a person's roles as they are).
 */
export function staffInputOf(values: StaffFormValues, canAssignRoles: boolean): StaffInput {
  return {
    realName: values.realName.trim(),
    account: values.account.trim(),
    phone: blankToNull(values.phone),
    email: blankToNull(values.email),
    gender: values.gender ?? null,
    jobNumber: blankToNull(values.jobNumber),
    departmentId: values.departmentId ?? null,
    postId: values.postId ?? null,
    ...(canAssignRoles ? { roleIds: values.roleIds ?? [] } : {}),
  };
}
