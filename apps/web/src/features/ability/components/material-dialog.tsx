import { useEffect, useState, type ReactNode } from 'react';
import { Button, Form, Input, InputNumber, Modal, Radio, Select, Upload } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { UploadOutlined } from '@ant-design/icons';
import { ABILITY_LEVELS } from '@kaopei/shared';
import { showErrorOnForm } from '../../../lib/form-errors';
import { toast } from '../../../lib/feedback';
import { uploadDocument, type AbilityOption, type MaterialInput, type MaterialRow } from '../api';
import { courseKeys, fetchCourseOptions } from '../../course/api';

interface MaterialFormValues {
  abilityId: number;
  level: number | 0;
  kind: 'document' | 'link' | 'course';
  title: string;
  url?: string;
  courseId?: number;
  minutes?: number | null;
  description?: string;
}

/** The form's values for a material, or for a new link of `abilityId`. */
function initialValues(
  material: MaterialRow | null,
  abilityId: number | undefined,
): Partial<MaterialFormValues> {
  if (!material)
    return { abilityId, level: 0, kind: 'link', title: '', url: '', minutes: null, description: '' };
  return {
    abilityId: material.abilityId,
    level: material.level ?? 0,
    kind: material.kind,
    title: material.title,
    url: material.kind === 'link' ? (material.url ?? '') : '',
    ...(material.courseId ? { courseId: material.courseId } : {}),
    minutes: material.minutes,
    description: material.description ?? '',
  };
}

/** A course of the organisation, picked by name; picking one names the material after it when it has no title. */
function CourseField({ onPicked }: { onPicked: (name: string) => void }): ReactNode {
  const { data: courses = [], isLoading } = useQuery({
    queryKey: courseKeys.simple(''),
    queryFn: () => fetchCourseOptions(),
  });
  return (
    <Form.Item name="courseId" label="课程" rules={[{ required: true, message: '请选择课程' }]}>
      <Select
        aria-label="课程"
        showSearch={{ optionFilterProp: 'label' }}
        loading={isLoading}
        placeholder="请选择课程"
        options={courses.map((c) => ({ value: c.courseId, label: c.name }))}
        onChange={(courseId: number) => onPicked(courses.find((c) => c.courseId === courseId)?.name ?? '')}
      />
    </Form.Item>
  );
}

/** Where the material points: the uploaded document, or a link's address. */
function MaterialTargetField({
  kind,
  file,
  uploading,
  onUpload,
}: {
  kind: string | undefined;
  file: { id: number; name: string } | null;
  uploading: boolean;
  onUpload: (picked: File) => void;
}): ReactNode {
  return kind === 'document' ? (
    <Form.Item label="文档">
      <Upload
        maxCount={1}
        showUploadList={false}
        beforeUpload={(picked) => {
          onUpload(picked);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={uploading}>
          {file ? `已上传：${file.name}（重新上传）` : '上传文档'}
        </Button>
      </Upload>
    </Form.Item>
  ) : (
    <Form.Item
      name="url"
      label="链接地址"
      rules={[
        { required: true, whitespace: true, message: '请填写链接地址' },
        { pattern: /^https?:\/\/\S+$/i, message: '链接地址必须以 http:// 或 https:// 开头' },
      ]}
    >
      <Input placeholder="https://" maxLength={1000} autoComplete="off" />
    </Form.Item>
  );
}

/** Adds or edits a material: a link (http/https), an uploaded document or a course, for one level or all. */
export function MaterialDialog({
  open,
  material,
  abilities,
  defaultAbilityId,
  saving,
  onSubmit,
  onCancel,
}: {
  open: boolean;
  material: MaterialRow | null;
  abilities: AbilityOption[];
  defaultAbilityId?: number | undefined;
  saving: boolean;
  onSubmit: (input: MaterialInput) => Promise<unknown>;
  onCancel: () => void;
}): ReactNode {
  const [form] = Form.useForm<MaterialFormValues>();
  const kind = Form.useWatch('kind', form);
  const [file, setFile] = useState<{ id: number; name: string } | null>(null);
  const [uploading, setUploading] = useState(false);

  useEffect(() => {
    if (!open) return;
    setFile(material?.fileId ? { id: material.fileId, name: material.title } : null);
    form.setFieldsValue(initialValues(material, defaultAbilityId));
  }, [open, material, defaultAbilityId, form]);

  const submit = async () => {
    const values = await form.validateFields();
    if (values.kind === 'document' && !file) {
      form.setFields([{ name: 'kind', errors: ['请上传文档'] }]);
      return;
    }
    await onSubmit({
      abilityId: values.abilityId,
      level: values.level === 0 ? null : values.level,
      kind: values.kind,
      title: values.title.trim(),
      url: values.kind === 'link' ? values.url?.trim() : null,
      fileId: values.kind === 'document' ? (file?.id ?? null) : null,
      courseId: values.kind === 'course' ? (values.courseId ?? null) : null,
      minutes: values.minutes ?? null,
      description: values.description?.trim() || null,
    }).catch((error: unknown) => showErrorOnForm(form, error));
  };

  const upload = async (picked: File) => {
    setUploading(true);
    try {
      const stored = await uploadDocument(picked);
      setFile({ id: stored.id, name: stored.name });
      if (!form.getFieldValue('title')) form.setFieldValue('title', stored.name.replace(/\.[^.]+$/, ''));
      toast.success('文档已上传');
    } finally {
      setUploading(false);
    }
  };

  return (
    <Modal
      open={open}
      title={material ? '编辑素材' : '新增素材'}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="material-form" preserve={false}>
        <Form.Item name="abilityId" label="能力" rules={[{ required: true, message: '请选择能力' }]}>
          <Select
            aria-label="能力"
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="请选择能力"
            options={abilities.map((a) => ({ value: a.id, label: `${a.name}（${a.dimensionName}）` }))}
          />
        </Form.Item>
        <Form.Item name="level" label="适用等级">
          <Select
            aria-label="适用等级"
            options={[
              { value: 0, label: '全部等级' },
              ...ABILITY_LEVELS.map((level) => ({ value: level, label: `L${level}` })),
            ]}
          />
        </Form.Item>
        <Form.Item name="kind" label="素材类型">
          <Radio.Group
            options={[
              { value: 'link', label: '链接' },
              { value: 'document', label: '文档' },
              { value: 'course', label: '课程' },
            ]}
          />
        </Form.Item>
        {kind === 'course' ? (
          <CourseField
            onPicked={(name) => {
              if (!form.getFieldValue('title')) form.setFieldValue('title', name);
            }}
          />
        ) : (
          <MaterialTargetField
            kind={kind}
            file={file}
            uploading={uploading}
            onUpload={(picked) => void upload(picked)}
          />
        )}
        <Form.Item
          name="title"
          label="素材标题"
          rules={[{ required: true, whitespace: true, message: '请填写素材标题' }]}
        >
          <Input maxLength={200} autoComplete="off" />
        </Form.Item>
        <Form.Item name="minutes" label="学习时长（分钟）">
          <InputNumber<number> min={0} max={100000} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="description" label="素材说明">
          <Input.TextArea rows={2} maxLength={2000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
