import type { ReactNode } from 'react';
import { App, AutoComplete, Form, Input, Modal, Select, type FormRule } from 'antd';
import type { BankInput, BankRow, BankTag } from '../api';
import { CoverInput } from '../../../components/cover-input';

interface BankFormValues {
  name: string;
  description?: string;
  category?: string;
  coverUrl?: string | null;
  tagIds?: number[];
}

const NAME_RULES: FormRule[] = [
  { required: true, whitespace: true, message: '请输入题库名称' },
  { max: 100, message: '题库名称不能超过 100 个字符' },
];

interface BankFieldsProps {
  categories: string[];
  tags: BankTag[];
  fixedCategory?: string | undefined;
  onCoverError: (text: string) => void;
}

/** 题库名称, 分类 (locked when fixed), 标签, 描述 and 封面. */
function BankFields({ categories, tags, fixedCategory, onCoverError }: BankFieldsProps): ReactNode {
  return (
    <>
      <Form.Item name="name" label="题库名称" rules={NAME_RULES}>
        <Input placeholder="如：安全生产题库" maxLength={100} autoComplete="off" />
      </Form.Item>
      <Form.Item name="category" label="分类" rules={[{ max: 50, message: '分类不能超过 50 个字符' }]}>
        <AutoComplete
          disabled={fixedCategory !== undefined}
          placeholder="选择或输入分类（选填）"
          options={categories.map((category) => ({ value: category }))}
          filterOption={(input, option) => String(option?.value ?? '').includes(input)}
        />
      </Form.Item>
      <Form.Item name="tagIds" label="标签">
        <Select
          mode="multiple"
          allowClear
          placeholder={
            tags.length > 0 ? '选择题库标签（选填）' : '暂无题库标签，可在 系统管理 › 标签管理 中添加'
          }
          options={tags.map((tag) => ({ value: tag.tagId, label: tag.name }))}
          optionFilterProp="label"
        />
      </Form.Item>
      <Form.Item name="description" label="描述" rules={[{ max: 500, message: '描述不能超过 500 个字符' }]}>
        <Input.TextArea placeholder="题库的用途（选填）" rows={3} maxLength={500} showCount />
      </Form.Item>
      <Form.Item name="coverUrl" label="封面">
        <CoverInput onError={onCoverError} alt="题库封面" />
      </Form.Item>
    </>
  );
}

/** Creates a bank, or edits `bank` when given. `fixedCategory` locks the category (测评题库). */
export function BankFormModal({
  open,
  bank,
  saving,
  categories,
  tags,
  fixedCategory,
  onSubmit,
  onCancel,
}: {
  open: boolean;
  bank: BankRow | null;
  saving: boolean;
  categories: string[];
  tags: BankTag[];
  fixedCategory?: string | undefined;
  onSubmit: (input: BankInput) => void;
  onCancel: () => void;
}): ReactNode {
  const { message } = App.useApp();
  const [form] = Form.useForm<BankFormValues>();

  const submit = async () => {
    const values = await form.validateFields();
    onSubmit({
      name: values.name.trim(),
      description: values.description?.trim() || null,
      category: fixedCategory ?? (values.category?.trim() || null),
      coverUrl: values.coverUrl || null,
      tagIds: values.tagIds ?? [],
    });
  };

  return (
    <Modal
      open={open}
      title={bank ? '编辑题库' : '新建题库'}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        name="bank-form"
        preserve={false}
        initialValues={{
          name: bank?.name ?? '',
          description: bank?.description ?? '',
          category: fixedCategory ?? bank?.category ?? '',
          coverUrl: bank?.coverUrl ?? null,
          tagIds: bank?.tags.map((tag) => tag.tagId) ?? [],
        }}
      >
        <BankFields
          categories={categories}
          tags={tags}
          fixedCategory={fixedCategory}
          onCoverError={(text) => message.error(text)}
        />
      </Form>
    </Modal>
  );
}
