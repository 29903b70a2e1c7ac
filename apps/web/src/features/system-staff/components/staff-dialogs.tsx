import { useState, type ReactNode } from 'react';
import type { DepartmentNode, StaffRow } from '../api';
import { ImportModal } from './import-modal';
import { MoveStaffModal } from './move-staff-modal';
import { ResetPasswordModal } from './reset-password-modal';
import { StaffFormModal } from './staff-form-modal';

type FormState = { open: false } | { open: true; staff: StaffRow | null };

/** Which of the staff page's dialogs is open, and for whom. */
export function useStaffDialogs() {
  const [form, setForm] = useState<FormState>({ open: false });
  const [moving, setMoving] = useState<StaffRow[]>([]);
  const [resetting, setResetting] = useState<StaffRow | null>(null);
  const [importing, setImporting] = useState(false);
  return { form, setForm, moving, setMoving, resetting, setResetting, importing, setImporting };
}

export type StaffDialogsState = ReturnType<typeof useStaffDialogs>;

interface StaffDialogsProps {
  dialogs: StaffDialogsState;
  tree: DepartmentNode[];
  departmentId: number | null;
  canAssignRoles: boolean;
  onChanged: () => void;
  clearSelection: () => void;
}

/** The staff page's dialogs: add/edit, move to a department, reset password, import. */
export function StaffDialogs(props: StaffDialogsProps): ReactNode {
  const { dialogs, tree, departmentId, canAssignRoles, onChanged, clearSelection } = props;
  const { form, setForm, moving, setMoving, resetting, setResetting, importing, setImporting } = dialogs;
  return (
    <>
      <StaffFormModal
        open={form.open}
        staff={form.open ? form.staff : null}
        tree={tree}
        defaultDepartmentId={departmentId}
        canAssignRoles={canAssignRoles}
        onClose={() => setForm({ open: false })}
        onSaved={() => {
          setForm({ open: false });
          onChanged();
        }}
      />
      <MoveStaffModal
        staff={moving}
        tree={tree}
        onClose={() => setMoving([])}
        onMoved={() => {
          setMoving([]);
          clearSelection();
          onChanged();
        }}
      />
      <ResetPasswordModal staff={resetting} onClose={() => setResetting(null)} />
      <ImportModal open={importing} onClose={() => setImporting(false)} onImported={onChanged} />
    </>
  );
}
