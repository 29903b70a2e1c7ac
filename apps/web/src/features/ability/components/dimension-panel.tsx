import { useState, type ReactNode } from 'react';
import { Button, Form, Input, Modal, Popconfirm, Space, Spin } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/feedback';
import { showErrorOnForm } from '../../../lib/form-errors';
import { abilityKeys, addDimension, deleteDimension, renameDimension, type DimensionRow } from '../api';

/** The dimensions as a filter list (全部 first), with add, rename and delete. */
export function DimensionPanel({
  dimensions,
  loading,
  selected,
  onSelect,
  canEdit,
}: {
  dimensions: DimensionRow[];
  loading: boolean;
  selected: number | undefined;
  onSelect: (dimensionId: number | undefined) => void;
  canEdit: boolean;
}): ReactNode {
  const client = useQueryClient();
  const [editing, setEditing] = useState<DimensionRow | 'new' | null>(null);
  const [form] = Form.useForm<{ name: string }>();
  const refresh = () => client.invalidateQueries({ queryKey: abilityKeys.all });
  const save = useMutation({
    mutationFn: (name: string) =>
      editing && editing !== 'new' ? renameDimension(editing.id, name) : addDimension(name),
    onSuccess: () => {
      toast.success('已保存');
      setEditing(null);
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => deleteDimension(id),
    onSuccess: (_, id) => {
      toast.success('已删除');
      if (selected === id) onSelect(undefined);
      void refresh();
    },
  });

  const submit = async () => {
    const { name } = await form.validateFields();
    await save.mutateAsync(name.trim()).catch((error: unknown) => showErrorOnForm(form, error));
  };

  const item = (id: number | undefined, label: string, count?: number) => (
    <button
      type="button"
      className={`kp-ability-dimensions__item${selected === id ? ' is-active' : ''}`}
      aria-pressed={selected === id}
      onClick={() => onSelect(id)}
    >
      <span>{label}</span>
      {count !== undefined && <span className="kp-ability-dimensions__count">{count}</span>}
    </button>
  );

  return (
    <nav className="kp-ability-dimensions" aria-label="能力维度">
      <div className="kp-ability-dimensions__head">
        <strong>能力维度</strong>
        {canEdit && (
          <Button size="small" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            新增
          </Button>
        )}
      </div>
      {loading ? (
        <Spin />
      ) : (
        <ul>
          <li>{item(undefined, '全部能力')}</li>
          {dimensions.map((d) => (
            <li key={d.id} className="kp-ability-dimensions__row">
              {item(d.id, d.name, d.abilityCount)}
              {canEdit && (
                <Space size={0}>
                  <Button
                    type="text"
                    size="small"
                    icon={<EditOutlined />}
                    aria-label={`重命名维度 ${d.name}`}
                    onClick={() => setEditing(d)}
                  />
                  <Popconfirm
                    title={`删除维度「${d.name}」？`}
                    description={d.abilityCount > 0 ? '维度下还有能力，需先删除或移走' : undefined}
                    okText="删除"
                    cancelText="取消"
                    onConfirm={() => remove.mutateAsync(d.id)}
                  >
                    <Button
                      type="text"
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={`删除维度 ${d.name}`}
                    />
                  </Popconfirm>
                </Space>
              )}
            </li>
          ))}
        </ul>
      )}
      <Modal
        open={editing !== null}
        title={editing === 'new' ? '新增能力维度' : '重命名能力维度'}
        okText="保存"
        cancelText="取消"
        confirmLoading={save.isPending}
        onOk={() => void submit().catch(() => undefined)}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={{ name: editing && editing !== 'new' ? editing.name : '' }}
        >
          <Form.Item
            name="name"
            label="维度名称"
            rules={[{ required: true, whitespace: true, message: '请填写维度名称' }]}
          >
            <Input maxLength={50} autoComplete="off" />
          </Form.Item>
        </Form>
      </Modal>
    </nav>
  );
}
