import { useEffect, type ReactNode } from 'react';
import { App, Form, Input, Modal, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { addKnowledge, updateKnowledge, type KnowledgeNode } from '../api';

/** What the node dialog is doing. */
export type KnowledgeDialog =
  { kind: 'add'; parent: KnowledgeNode | null } | { kind: 'rename'; node: KnowledgeNode };

interface FormValues {
  name: string;
  description?: string;
}

const NAME_MAX = 50;

/** Adds a knowledge point (a root or a child) or renames one and edits its description. */
export function KnowledgeNodeModal({
  dialog,
  onClose,
  onSaved,
}: {
  dialog: KnowledgeDialog | null;
  onClose: () => void;
  onSaved: () => void;
}): ReactNode {
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();

  useEffect(() => {
    if (!dialog) return;
    form.resetFields();
    if (dialog.kind === 'rename')
      form.setFieldsValue({ name: dialog.node.name, description: dialog.node.description ?? '' });
  }, [dialog, form]);

  const save = useMutation({
    mutationFn: async (values: FormValues) => {
      if (!dialog) return;
      const name = values.name.trim();
      const description = values.description?.trim() || null;
      if (dialog.kind === 'add')
        await addKnowledge({ name, parentId: dialog.parent?.id ?? null, description });
      else await updateKnowledge({ id: dialog.node.id, name, description });
    },
    onSuccess: () => {
      message.success(dialog?.kind === 'add' ? '知识点已新增' : '知识点已保存');
      onSaved();
    },
  });

  const title = dialog?.kind === 'rename' ? '编辑知识点' : dialog?.parent ? '新增子知识点' : '新增一级知识点';

  return (
    <Modal
      open={dialog !== null}
      title={title}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {dialog?.kind === 'add' && dialog.parent ? (
        <Typography.Paragraph type="secondary">上级知识点：{dialog.parent.name}</Typography.Paragraph>
      ) : null}
      <Form<FormValues>
        form={form}
        layout="vertical"
        onFinish={(values) => save.mutate(values)}
        autoComplete="off"
      >
        <Form.Item
          name="name"
          label="知识点名称"
          rules={[
            { required: true, whitespace: true, message: '请输入知识点名称' },
            { max: NAME_MAX, message: `知识点名称不能超过 ${NAME_MAX} 个字符` },
            { pattern: /^[^/\\]*$/, message: '知识点名称不能包含“/”或“\\”' },
          ]}
        >
          <Input placeholder="例如：一元二次方程" maxLength={NAME_MAX} autoFocus aria-label="知识点名称" />
        </Form.Item>
        <Form.Item name="description" label="描述" rules={[{ max: 500, message: '描述不能超过 500 个字符' }]}>
          <Input.TextArea rows={3} placeholder="选填" maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
