import type { ReactNode } from 'react';
import { Form, Input, Modal, Tag } from 'antd';
import { tagTypeLabel, type TagType } from '@kaopei/shared';
import { showErrorOnForm } from '../../../lib/form-errors';
import type { TagInput } from '../api';
import {
  DEFAULT_TAG_COLOR,
  HEX_COLOR,
  TAG_COLOR_RULES,
  TAG_DESCRIPTION_RULES,
  TAG_NAME_RULES,
} from '../tag-rules';
import { HexColorPicker } from './hex-color-picker';

interface TagFormValues {
  name: string;
  color: string;
  description?: string;
}

/** Adds a tag of the current type, with a live preview. */
export function TagFormModal({
  open,
  type,
  saving,
  onSubmit,
  onCancel,
}: {
  open: boolean;
  type: TagType;
  saving: boolean;
  /** Saves; a refusal naming a field is shown under it. */
  onSubmit: (input: TagInput) => Promise<unknown>;
  onCancel: () => void;
}): ReactNode {
  const [form] = Form.useForm<TagFormValues>();
  const name = Form.useWatch('name', form);
  const color = Form.useWatch('color', form);

  const submit = async () => {
    const values = await form.validateFields();
    await onSubmit({
      name: values.name.trim(),
      color: values.color.toLowerCase(),
      description: values.description?.trim() || null,
    }).catch((error: unknown) => showErrorOnForm(form, error));
  };

  return (
    <Modal
      open={open}
      title={`新增${tagTypeLabel(type)}标签`}
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
        name="tag-form"
        preserve={false}
        initialValues={{ name: '', color: DEFAULT_TAG_COLOR, description: '' }}
      >
        <Form.Item label="类型">
          <Input value={`${tagTypeLabel(type)}标签`} disabled />
        </Form.Item>
        <Form.Item name="name" label="标签名称" rules={TAG_NAME_RULES}>
          <Input placeholder="如：核心骨干" maxLength={50} autoComplete="off" />
        </Form.Item>
        <Form.Item name="color" label="颜色" rules={TAG_COLOR_RULES}>
          <HexColorPicker aria-label="颜色" />
        </Form.Item>
        <Form.Item name="description" label="描述" rules={TAG_DESCRIPTION_RULES}>
          <Input.TextArea placeholder="标签的用途（选填）" rows={2} maxLength={200} showCount />
        </Form.Item>
        <Form.Item label="预览">
          <Tag
            variant="solid"
            color={typeof color === 'string' && HEX_COLOR.test(color) ? color : DEFAULT_TAG_COLOR}
          >
            {name?.trim() || '标签名称'}
          </Tag>
        </Form.Item>
      </Form>
    </Modal>
  );
}
