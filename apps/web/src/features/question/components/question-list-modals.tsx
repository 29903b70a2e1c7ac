import type { Dispatch, ReactNode, SetStateAction } from 'react';
import { Input, Modal, Select } from 'antd';
import type { BankOption, QuestionRow } from '../api';

export type MoveTarget = { ids: number[]; bankId?: number } | null;

/** Moves the chosen questions to the bank picked here. */
export function MoveQuestionsModal(props: {
  target: MoveTarget;
  setTarget: Dispatch<SetStateAction<MoveTarget>>;
  banks: BankOption[];
  moving: boolean;
  onMove: (ids: number[], bankId: number) => void;
}): ReactNode {
  const { target, setTarget, banks, moving, onMove } = props;
  return (
    <Modal
      open={target !== null}
      title={`移动 ${target?.ids.length ?? 0} 道试题到题库`}
      okButtonProps={{ disabled: target?.bankId === undefined, loading: moving }}
      onCancel={() => setTarget(null)}
      onOk={() => {
        if (target?.bankId !== undefined) onMove(target.ids, target.bankId);
      }}
    >
      <Select
        style={{ width: '100%' }}
        placeholder="请选择目标题库"
        aria-label="目标题库"
        value={target?.bankId}
        onChange={(bankId: number) => setTarget((m) => (m ? { ...m, bankId } : m))}
        options={banks.map((bank) => ({ label: bank.name, value: bank.bankId }))}
      />
    </Modal>
  );
}

export type Rejecting = { question: QuestionRow; reason: string } | null;

/** Rejects a question with the reason written here. */
export function RejectQuestionModal(props: {
  rejecting: Rejecting;
  setRejecting: Dispatch<SetStateAction<Rejecting>>;
  saving: boolean;
  onReject: (id: number, reason: string) => void;
}): ReactNode {
  const { rejecting, setRejecting, saving, onReject } = props;
  return (
    <Modal
      open={rejecting !== null}
      title="驳回试题"
      okText="驳回"
      okButtonProps={{ danger: true, disabled: !rejecting?.reason.trim(), loading: saving }}
      onCancel={() => setRejecting(null)}
      onOk={() => {
        if (rejecting) onReject(rejecting.question.id, rejecting.reason.trim());
      }}
    >
      <Input.TextArea
        rows={3}
        maxLength={500}
        placeholder="请填写驳回原因"
        aria-label="驳回原因"
        value={rejecting?.reason ?? ''}
        onChange={(event) => setRejecting((r) => (r ? { ...r, reason: event.target.value } : r))}
      />
    </Modal>
  );
}
