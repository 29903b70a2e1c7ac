import { useEffect, type ReactNode } from 'react';
import { App, Form, Input, Modal, TreeSelect, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { FORM_ERRORS, showErrorOnForm } from '../../../lib/form-errors';
import { addDepartment, modifyDepartment, type DepartmentNode } from '../api';
import { departmentNameRules, departmentOptions, departmentPath } from '../staff-rules';

/** What the department dialog is doing. */
export type DepartmentDialog =
  | { kind: 'add'; parentId: number | null }
  | { kind: 'rename'; department: DepartmentNode }
  | { kind: 'move'; department: DepartmentNode };

interface FormValues {
  name?: string;
  parentId?: number | null;
}

const TITLES = { add: '新增部门', rename: '重命名部门', move: '移动部门' } as const;

/** Fills the form for the dialog's kind and saves: add (returns the new id), rename or move. */
function useDepartmentForm(dialog: DepartmentDialog | null, onSaved: (departmentId: number | null) => void) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();

  useEffect(() => {
    if (!dialog) return;
    form.resetFields();
    if (dialog.kind === 'add') form.setFieldsValue({ name: '', parentId: dialog.parentId ?? undefined });
    if (dialog.kind === 'rename') form.setFieldsValue({ name: dialog.department.name });
    if (dialog.kind === 'move') form.setFieldsValue({ parentId: dialog.department.parentId ?? undefined });
  }, [dialog, form]);

  const save = useMutation({
    mutationFn: async (values: FormValues): Promise<number | null> => {
      if (!dialog) return null;
      const parentId = values.parentId ?? null;
      if (dialog.kind === 'add') {
        const created = await addDepartment((values.name ?? '').trim(), parentId);
        return created.departmentId;
      }
      if (dialog.kind === 'rename') {
        await modifyDepartment(
          { departmentId: dialog.department.departmentId, name: (values.name ?? '').trim() },
          FORM_ERRORS,
        );
      } else {
        await modifyDepartment({ departmentId: dialog.department.departmentId, parentId }, FORM_ERRORS);
      }
      return dialog.department.departmentId;
    },
    onError: (error) => showErrorOnForm(form, error),
    onSuccess: (departmentId) => {
      if (dialog?.kind === 'add') message.success('部门已新增');
      else if (dialog?.kind === 'rename') message.success('部门已重命名');
      else message.success('部门已移动');
      onSaved(departmentId);
    },
  });
  return { form, save };
}

/** The current department (rename, move), 部门名称 (add, rename) and 上级部门 (add, move). */
function DepartmentFields({
  dialog,
  tree,
}: {
  dialog: DepartmentDialog | null;
  tree: readonly DepartmentNode[];
}): ReactNode {
  const excludeId = dialog?.kind === 'move' ? dialog.department.departmentId : undefined;
  return (
    <>
      {dialog?.kind === 'rename' || dialog?.kind === 'move' ? (
        <Typography.Paragraph type="secondary">
          当前部门：{departmentPath(tree, dialog.department.departmentId)}
        </Typography.Paragraph>
      ) : null}
      {dialog?.kind !== 'move' ? (
        <Form.Item name="name" label="部门名称" rules={departmentNameRules}>
          <Input placeholder="例如：研发组" maxLength={50} autoFocus />
        </Form.Item>
      ) : null}
      {dialog?.kind !== 'rename' ? (
        <Form.Item
          name="parentId"
          label="上级部门"
          extra={
            dialog?.kind === 'move'
              ? '清空则移动为一级部门；不能移动到自身或下级部门之下'
              : '不选则为一级部门'
          }
        >
          <TreeSelect
            allowClear
            showSearch={{ treeNodeFilterProp: 'title' }}
            placeholder="一级部门（无上级）"
            treeData={departmentOptions(tree, excludeId)}
            treeDefaultExpandAll
            aria-label="上级部门"
          />
        </Form.Item>
      ) : null}
    </>
  );
}

/** Adds a department (under any parent), renames one, or moves one under another parent. */
export function DepartmentFormModal({
  dialog,
  tree,
  onClose,
  onSaved,
}: {
  dialog: DepartmentDialog | null;
  tree: readonly DepartmentNode[];
  onClose: () => void;
  onSaved: (departmentId: number | null) => void;
}): ReactNode {
  const { form, save } = useDepartmentForm(dialog, onSaved);
  return (
    <Modal
      open={dialog !== null}
      title={dialog ? TITLES[dialog.kind] : ''}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      forceRender
    >
      <Form<FormValues>
        form={form}
        name="kp-department-form"
        layout="vertical"
        onFinish={(values) => save.mutate(values)}
        requiredMark
        aria-label={dialog ? TITLES[dialog.kind] : undefined}
      >
        <DepartmentFields dialog={dialog} tree={tree} />
      </Form>
    </Modal>
  );
}
