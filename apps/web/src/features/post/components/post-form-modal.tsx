import { useEffect, type ReactNode } from 'react';
import { App, Col, Form, Input, InputNumber, Modal, Row, Select, Skeleton, TreeSelect } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  POST_CODE_MAX,
  POST_GRADE_MAX,
  POST_HEADCOUNT_MAX,
  POST_NAME_MAX,
  POST_TEXT_MAX,
} from '@kaopei/shared/contracts/post';
import type { SimpleDepartmentNode } from '@kaopei/shared/contracts/department';
import { PageError } from '../../../app/page-states';
import { showErrorOnForm } from '../../../lib/form-errors';
import {
  createPost,
  fetchDepartmentOptions,
  fetchPost,
  fetchPostTags,
  modifyPost,
  postKeys,
  type PostDetail,
  type PostInput,
} from '../api';
import { familyOptions } from '../post-rules';
import { useFamilyTree } from './family-tree-panel';

interface PostFormValues {
  name: string;
  code?: string;
  familyId?: number | null;
  grade?: string;
  headcount?: number | null;
  departmentIds?: number[];
  tagIds?: number[];
  duties?: string;
  requirements?: string;
  description?: string;
}

interface DepartmentOption {
  value: number;
  title: string;
  children?: DepartmentOption[];
}

const departmentOptions = (nodes: readonly SimpleDepartmentNode[]): DepartmentOption[] =>
  nodes.map((node) => ({
    value: node.departmentId,
    title: node.name,
    ...(node.children.length > 0 ? { children: departmentOptions(node.children) } : {}),
  }));

const toInput = (values: PostFormValues): PostInput => ({
  name: values.name.trim(),
  code: values.code?.trim() || null,
  familyId: values.familyId ?? null,
  grade: values.grade?.trim() || null,
  headcount: values.headcount ?? null,
  departmentIds: values.departmentIds ?? [],
  tagIds: values.tagIds ?? [],
  duties: values.duties?.trim() || null,
  requirements: values.requirements?.trim() || null,
  description: values.description?.trim() || null,
});

const toValues = (post: PostDetail): PostFormValues => ({
  name: post.name,
  code: post.code ?? '',
  familyId: post.familyId,
  grade: post.grade ?? '',
  headcount: post.headcount,
  departmentIds: post.departments.map((d) => d.departmentId),
  tagIds: post.tags.map((t) => t.tagId),
  duties: post.duties ?? '',
  requirements: post.requirements ?? '',
  description: post.description ?? '',
});

const textRule = (label: string, max: number) => ({ max, message: `${label}不能超过 ${max} 个字符` });

/** The form's fields; the option lists load while the dialog is open. */
function PostFormFields({ open }: { open: boolean }): ReactNode {
  const families = useFamilyTree();
  const departments = useQuery({
    queryKey: postKeys.departments,
    queryFn: fetchDepartmentOptions,
    enabled: open,
  });
  const tags = useQuery({ queryKey: postKeys.tags, queryFn: fetchPostTags, enabled: open });
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="name"
            label="岗位名称"
            rules={[
              { required: true, whitespace: true, message: '请输入岗位名称' },
              textRule('岗位名称', POST_NAME_MAX),
            ]}
          >
            <Input maxLength={POST_NAME_MAX} placeholder="如：Java开发工程师" autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="code" label="岗位编码" rules={[textRule('岗位编码', POST_CODE_MAX)]}>
            <Input maxLength={POST_CODE_MAX} placeholder="如：RD-JAVA-01（选填）" autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="familyId" label="岗位序列">
            <TreeSelect
              allowClear
              treeDefaultExpandAll
              placeholder="选择岗位序列"
              loading={families.isPending}
              treeData={familyOptions(families.data ?? [])}
            />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item name="grade" label="职级" rules={[textRule('职级', POST_GRADE_MAX)]}>
            <Input maxLength={POST_GRADE_MAX} placeholder="如：P5" autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item name="headcount" label="编制人数">
            <InputNumber min={0} max={POST_HEADCOUNT_MAX} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="departmentIds" label="所属部门">
            <TreeSelect
              multiple
              allowClear
              treeDefaultExpandAll
              treeCheckable={false}
              placeholder="选择一个或多个部门"
              loading={departments.isPending}
              treeData={departmentOptions(departments.data ?? [])}
              showSearch
              treeNodeFilterProp="title"
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="tagIds" label="岗位标签">
            <Select
              mode="multiple"
              allowClear
              placeholder={tags.data?.length === 0 ? '暂无岗位标签（可在标签管理中创建）' : '选择标签'}
              loading={tags.isPending}
              options={(tags.data ?? []).map((t) => ({ label: t.name, value: t.tagId }))}
              optionFilterProp="label"
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="duties" label="岗位职责" rules={[textRule('岗位职责', POST_TEXT_MAX)]}>
        <Input.TextArea rows={4} maxLength={POST_TEXT_MAX} placeholder="每行一条职责" />
      </Form.Item>
      <Form.Item name="requirements" label="任职要求" rules={[textRule('任职要求', POST_TEXT_MAX)]}>
        <Input.TextArea rows={4} maxLength={POST_TEXT_MAX} placeholder="学历、经验、技能与素质要求" />
      </Form.Item>
      <Form.Item name="description" label="岗位描述" rules={[textRule('岗位描述', POST_TEXT_MAX)]}>
        <Input.TextArea rows={2} maxLength={POST_TEXT_MAX} placeholder="岗位目的与定位（选填）" />
      </Form.Item>
    </>
  );
}

/** 新建岗位 / 编辑岗位: `postId` null creates (in `defaultFamilyId` when given). */
export function PostFormModal({
  open,
  postId,
  defaultFamilyId,
  onClose,
  onSaved,
}: {
  open: boolean;
  postId: number | null;
  defaultFamilyId?: number | null;
  onClose: () => void;
  onSaved: (post: PostDetail) => void;
}): ReactNode {
  const { message } = App.useApp();
  const [form] = Form.useForm<PostFormValues>();
  const editing = postId !== null;
  const detail = useQuery({
    queryKey: postKeys.detail(postId ?? 0),
    queryFn: () => fetchPost(postId as number),
    enabled: open && editing,
  });

  useEffect(() => {
    if (!open) return;
    if (editing && detail.data) form.setFieldsValue(toValues(detail.data));
    if (!editing) form.setFieldsValue({ familyId: defaultFamilyId || null });
  }, [open, editing, detail.data, defaultFamilyId, form]);

  const save = useMutation({
    mutationFn: (input: PostInput) => (editing ? modifyPost(postId, input) : createPost(input)),
    onSuccess: (post) => {
      message.success(editing ? `已保存岗位「${post.name}」` : `已新建岗位「${post.name}」`);
      onSaved(post);
    },
    onError: (error) => showErrorOnForm(form, error),
  });

  const loading = editing && detail.isPending;
  return (
    <Modal
      open={open}
      title={editing ? '编辑岗位' : '新建岗位'}
      width={760}
      okText="保存"
      cancelText="取消"
      destroyOnHidden
      confirmLoading={save.isPending}
      okButtonProps={{ disabled: loading || detail.isError }}
      onCancel={onClose}
      onOk={() => form.submit()}
    >
      {detail.isError ? (
        <PageError description="岗位加载失败" onRetry={() => void detail.refetch()} />
      ) : loading ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <Form<PostFormValues>
          form={form}
          layout="vertical"
          name="post-form"
          preserve={false}
          onFinish={(values) => save.mutate(toInput(values))}
        >
          <PostFormFields open={open} />
        </Form>
      )}
    </Modal>
  );
}
