import { useEffect, type ReactNode } from 'react';
import { Form, Input, Modal, TreeSelect } from 'antd';
import type { CategoryNode, PaperBankInput, PaperBankRow } from '../api';
import { categoryOptions } from '../../../lib/category-rules';

interface FormValues {
  name: string;
  categoryId: number;
  description?: string;
}

/** Creates (bank = 'new') or edits a paper bank: name, category (全部分类 = none) and description. */
export function PaperBankFormModal({
  bank,
  defaultCategoryId,
  tree,
  saving,
  onSubmit,
  onCancel,
}: {
  bank: PaperBankRow | 'new' | null;
  defaultCategoryId: number;
  tree: readonly CategoryNode[];
  saving: boolean;
  onSubmit: (input: PaperBankInput) => void;
  onCancel: () => void;
}): ReactNode {
  const [form] = Form.useForm<FormValues>();
  const open = bank !== null;

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(
      bank === 'new'
        ? { name: '', categoryId: defaultCategoryId, description: '' }
        : { name: bank.name, categoryId: bank.categoryId, description: bank.description ?? '' },
    );
  }, [open, bank, defaultCategoryId, form]);

  return (
    <Modal
      open={open}
      title={bank === 'new' ? '新建试卷库' : '编辑试卷库'}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      onCancel={onCancel}
      onOk={() => form.submit()}
      forceRender
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        onFinish={(values) =>
          onSubmit({
            name: values.name.trim(),
            categoryId: values.categoryId ?? 0,
            description: values.description?.trim() || null,
          })
        }
      >
        <Form.Item
          name="name"
          label="试卷库名称"
          rules={[
            { required: true, whitespace: true, message: '请输入试卷库名称' },
            { max: 100, message: '试卷库名称不能超过 100 个字符' },
          ]}
        >
          <Input aria-label="试卷库名称" maxLength={100} />
        </Form.Item>
        <Form.Item name="categoryId" label="所属分类" extra="选择“全部分类”表示不归入任何分类">
          <TreeSelect aria-label="所属分类" treeDefaultExpandAll treeData={categoryOptions(tree)} />
        </Form.Item>
        <Form.Item name="description" label="描述" rules={[{ max: 500, message: '描述不能超过 500 个字符' }]}>
          <Input.TextArea aria-label="试卷库描述" rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
