import { useEffect, useState, type ReactNode } from 'react';
import { App, Modal, Select, Typography } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  addQuestionKnowledge,
  addQuestionTags,
  copyQuestions,
  fetchBankOptions,
  fetchQuestionTags,
  questionKeys,
} from '../api';
import { KnowledgePicker } from '../../../components/knowledge-picker';

interface BatchProps {
  /** The questions acted on; null closes the dialog. */
  ids: number[] | null;
  onClose: () => void;
  onDone: () => void;
}

/** Adds tags to the selected questions (their other tags stay). */
export function BatchTagModal({ ids, onClose, onDone }: BatchProps): ReactNode {
  const { message } = App.useApp();
  const [tagIds, setTagIds] = useState<number[]>([]);
  const tags = useQuery({ queryKey: questionKeys.tags, queryFn: fetchQuestionTags, enabled: ids !== null });
  useEffect(() => setTagIds([]), [ids]);
  const save = useMutation({
    mutationFn: () => addQuestionTags(ids ?? [], tagIds),
    onSuccess: () => {
      message.success(`已为 ${ids?.length ?? 0} 道试题添加标签`);
      onDone();
      onClose();
    },
  });
  return (
    <Modal
      open={ids !== null}
      title={`为 ${ids?.length ?? 0} 道试题添加标签`}
      okText="添加"
      okButtonProps={{ disabled: tagIds.length === 0, loading: save.isPending }}
      onCancel={onClose}
      onOk={() => save.mutate()}
      destroyOnHidden
    >
      <Select
        mode="multiple"
        style={{ width: '100%' }}
        placeholder="选择试题标签"
        aria-label="批量标签"
        value={tagIds}
        onChange={setTagIds}
        options={(tags.data ?? []).map((tag) => ({ label: tag.name, value: tag.tagId }))}
        showSearch={{ optionFilterProp: 'label' }}
        notFoundContent="暂无试题标签，请先在标签管理中新增"
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        试题原有的标签保留。
      </Typography.Paragraph>
    </Modal>
  );
}

/** Links the selected questions to knowledge points (their other links stay). */
export function BatchKnowledgeModal({ ids, onClose, onDone }: BatchProps): ReactNode {
  const { message } = App.useApp();
  const [knowledgeIds, setKnowledgeIds] = useState<number[]>([]);
  useEffect(() => setKnowledgeIds([]), [ids]);
  const save = useMutation({
    mutationFn: () => addQuestionKnowledge(ids ?? [], knowledgeIds),
    onSuccess: () => {
      message.success(`已为 ${ids?.length ?? 0} 道试题关联知识点`);
      onDone();
      onClose();
    },
  });
  return (
    <Modal
      open={ids !== null}
      title={`为 ${ids?.length ?? 0} 道试题关联知识点`}
      okText="关联"
      okButtonProps={{ disabled: knowledgeIds.length === 0, loading: save.isPending }}
      onCancel={onClose}
      onOk={() => save.mutate()}
      destroyOnHidden
    >
      <KnowledgePicker value={knowledgeIds} onChange={setKnowledgeIds} aria-label="批量知识点" />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        试题原有的知识点保留。
      </Typography.Paragraph>
    </Modal>
  );
}

/** Copies public questions into one of my banks. */
export function CopyToBankModal({ ids, onClose, onDone }: BatchProps): ReactNode {
  const { message } = App.useApp();
  const [bankId, setBankId] = useState<number | undefined>(undefined);
  const banks = useQuery({
    queryKey: questionKeys.banks(),
    queryFn: () => fetchBankOptions(),
    enabled: ids !== null,
  });
  useEffect(() => setBankId(undefined), [ids]);
  const save = useMutation({
    mutationFn: (target: number) => copyQuestions(ids ?? [], target),
    onSuccess: (result, target) => {
      const name = banks.data?.find((bank) => bank.bankId === target)?.name ?? '';
      message.success(`已复制 ${result.count} 道试题到「${name}」`);
      onDone();
      onClose();
    },
  });
  return (
    <Modal
      open={ids !== null}
      title={`复制 ${ids?.length ?? 0} 道试题到我的题库`}
      okText="复制"
      okButtonProps={{ disabled: bankId === undefined, loading: save.isPending }}
      onCancel={onClose}
      onOk={() => {
        if (bankId !== undefined) save.mutate(bankId);
      }}
      destroyOnHidden
    >
      <Select
        style={{ width: '100%' }}
        placeholder="请选择我的题库"
        aria-label="复制到的题库"
        value={bankId}
        onChange={setBankId}
        loading={banks.isPending}
        options={(banks.data ?? []).map((bank) => ({ label: bank.name, value: bank.bankId }))}
        showSearch={{ optionFilterProp: 'label' }}
        notFoundContent="还没有自己的题库，请先在题库中新建"
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        副本属于本组织，可以修改；已通过审核的试题复制后仍为已通过，知识点关联保留，标签不复制。
      </Typography.Paragraph>
    </Modal>
  );
}
