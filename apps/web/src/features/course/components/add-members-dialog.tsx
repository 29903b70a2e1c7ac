import type { ReactNode } from 'react';
import { AudienceDialog } from '../../../components/audience-dialog';
import { addMembers } from '../api';

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
  return (
    <AudienceDialog
      open={open}
      title="添加学员"
      okText="添加"
      formName="kp-course-members"
      note="只添加在职员工；已在课程中的学员保持不变。"
      submit={(audience) => addMembers({ courseId, ...audience })}
      successMessage={(count) => (count > 0 ? `已添加 ${count} 名学员` : '所选人员已全部在课程中')}
      onClose={onClose}
    />
  );
}
