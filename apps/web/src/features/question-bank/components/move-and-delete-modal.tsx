import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Modal, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { bankKeys, fetchSimpleBanks, type BankRow } from '../api';

/**
 * Offered when a bank cannot be deleted because it still holds questions: pick another of my banks,
 * the questions move there and the bank is deleted (one server call, one transaction).
 */
export function MoveAndDeleteModal({
  bank,
  deleting,
  onSubmit,
  onCancel,
}: {
  /** The bank to delete; null closes the dialog. */
  bank: BankRow | null;
  deleting: boolean;
  onSubmit: (moveTo: number) => void;
  onCancel: () => void;
}): ReactNode {
  const [moveTo, setMoveTo] = useState<number | undefined>(undefined);
  const banks = useQuery({ queryKey: bankKeys.simple, queryFn: fetchSimpleBanks, enabled: bank !== null });
  useEffect(() => setMoveTo(undefined), [bank]);
  const targets = (banks.data ?? []).filter((row) => !row.isPublic && row.bankId !== bank?.bankId);

  return (
    <Modal
      open={bank !== null}
      title={`删除题库「${bank?.name ?? ''}」`}
      okText="移动并删除"
      okButtonProps={{ danger: true, disabled: moveTo === undefined, loading: deleting }}
      onCancel={onCancel}
      onOk={() => {
        if (moveTo !== undefined) onSubmit(moveTo);
      }}
      destroyOnHidden
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 12 }}
        title={`「${bank?.name ?? ''}」中还有 ${bank?.questionCount ?? 0} 道试题，不能直接删除。`}
        description="可以先把这些试题移动到我的另一个题库，再删除此题库；试卷中引用的试题不受影响。"
      />
      <Select
        style={{ width: '100%' }}
        placeholder="请选择试题要移动到的题库"
        aria-label="移动到的题库"
        value={moveTo}
        onChange={setMoveTo}
        loading={banks.isPending}
        options={targets.map((row) => ({ label: row.name, value: row.bankId }))}
        showSearch={{ optionFilterProp: 'label' }}
        notFoundContent="没有其他题库，请先新建一个题库"
      />
    </Modal>
  );
}
