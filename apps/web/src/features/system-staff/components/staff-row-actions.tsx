import type { ReactNode } from 'react';
import { Button, Popconfirm, Space } from 'antd';
import type { StaffRow } from '../api';

export interface StaffRowActionsProps {
  person: StaffRow;
  /** The signed-in user's id: one may not stop or delete oneself. */
  myId: number;
  /** Whether the signed-in user is an administrator (only they may touch an administrator's account). */
  iAmAdmin: boolean;
  onEdit: (person: StaffRow) => void;
  /** Sets 离职 (after the confirmation); resolves or rejects when done. */
  onLeave: (person: StaffRow) => Promise<unknown>;
  /** Sets 在职 again. */
  onReturn: (person: StaffRow) => void;
  onResetPassword: (person: StaffRow) => void;
  onDelete: (person: StaffRow) => void;
}

/** The 「操作」 cell of a staff row: edit, leave or return, reset password, delete. */
export function StaffRowActions(props: StaffRowActionsProps): ReactNode {
  const { person, myId, iAmAdmin, onEdit, onLeave, onReturn, onResetPassword, onDelete } = props;
  const self = person.userId === myId;
  const lockedAdmin = person.isAdmin && !iAmAdmin;
  const lockedHint = lockedAdmin ? '只有管理员可以操作管理员账号' : undefined;
  return (
    <Space size={0} wrap>
      <Button
        type="link"
        size="small"
        disabled={lockedAdmin}
        title={lockedHint}
        onClick={() => onEdit(person)}
      >
        编辑
      </Button>
      {person.status === 0 ? (
        <Popconfirm
          title={`将「${person.realName}」设为离职？`}
          description="离职后账号停用，无法登录；可随时恢复在职。"
          okText="设为离职"
          cancelText="取消"
          disabled={self || lockedAdmin}
          onConfirm={() => onLeave(person).catch(() => undefined)}
        >
          <Button
            type="link"
            size="small"
            disabled={self || lockedAdmin}
            title={self ? '不能停用自己的账号' : lockedHint}
          >
            离职
          </Button>
        </Popconfirm>
      ) : (
        <Button type="link" size="small" disabled={lockedAdmin} onClick={() => onReturn(person)}>
          复职
        </Button>
      )}
      <Button
        type="link"
        size="small"
        disabled={lockedAdmin}
        title={lockedHint}
        onClick={() => onResetPassword(person)}
      >
        重置密码
      </Button>
      <Button
        type="link"
        size="small"
        danger
        disabled={self || lockedAdmin}
        title={self ? '不能删除自己的账号' : lockedHint}
        onClick={() => onDelete(person)}
      >
        删除
      </Button>
    </Space>
  );
}
