import type { ReactNode } from 'react';
import { AudienceDialog } from '../../../components/audience-dialog';
import { allocateTask } from '../api';

/** 分配: by department (with sub-departments), by staff member and by user tag, in one go. */
export function AllocateDialog({
  task,
  onClose,
}: {
  task: { id: number; name: string } | null;
  onClose: (added: boolean) => void;
}): ReactNode {
  return (
    <AudienceDialog
      open={task !== null}
      title={`分配学习任务「${task?.name ?? ''}」`}
      okText="分配"
      formName="kp-study-task-allocate"
      note="只分配在职员工；已分配的人员保持不变。分配后，人员自动加入任务中的课程并成为考试的考生，并收到站内提醒。"
      submit={(audience) => allocateTask({ taskId: task?.id ?? 0, ...audience })}
      successMessage={(count) => (count > 0 ? `已分配给 ${count} 人` : '所选人员都已分配过此任务')}
      onClose={onClose}
    />
  );
}
