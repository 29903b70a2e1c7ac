import type { ReactNode } from 'react';
import { App, Modal, Select } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { movePapers } from '../api';
import type { usePaperBankOptions } from './use-paper-bank-options';

/** The papers being moved and the chosen target bank. */
export interface MovingPapers {
  ids: number[];
  to?: number;
}

interface MovePapersDialogProps {
  moving: MovingPapers | null;
  onChange: (moving: MovingPapers | null) => void;
  bankOptions: ReturnType<typeof usePaperBankOptions>;
  /** After the move succeeded (the dialog closed itself). */
  onMoved: () => void;
}

/** 移动 n 份试卷到试卷库: pick the target bank, then move. */
export function MovePapersDialog(props: MovePapersDialogProps): ReactNode {
  const { moving, onChange, bankOptions, onMoved } = props;
  const { message } = App.useApp();
  const move = useMutation({
    mutationFn: ({ ids, to }: { ids: number[]; to: number }) => movePapers(ids, to),
    onSuccess: (result) => {
      message.success(`已移动 ${result.count} 份试卷`);
      onChange(null);
      onMoved();
    },
  });
  return (
    <Modal
      open={moving !== null}
      title={`移动 ${moving?.ids.length ?? 0} 份试卷到试卷库`}
      okText="移动"
      cancelText="取消"
      okButtonProps={{ disabled: moving?.to === undefined, loading: move.isPending }}
      onCancel={() => onChange(null)}
      onOk={() => {
        if (moving?.to !== undefined) move.mutate({ ids: moving.ids, to: moving.to });
      }}
    >
      <Select
        style={{ width: '100%' }}
        placeholder="请选择目标试卷库"
        aria-label="目标试卷库"
        value={moving?.to}
        onChange={(to: number) => onChange(moving ? { ...moving, to } : moving)}
        options={bankOptions}
        notFoundContent="还没有试卷库，请先在试卷库页面新建"
      />
    </Modal>
  );
}
