import { useEffect, useState, type ReactNode } from 'react';
import { Button, DatePicker, Form, Input, Modal, Select, Spin, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { PageError } from '../../../app/page-states';
import { toast } from '../../../lib/feedback';
import {
  createProject,
  eduKeys,
  fetchProject,
  MEMBER_TYPES,
  PROJECT_STATUSES,
  updateProject,
  type EduProjectDetail,
  type MemberForm,
  type ProjectForm,
} from '../api';

interface ProjectValues {
  name: string;
  status: number;
  period?: [Dayjs | null, Dayjs | null] | null;
  description?: string;
  members: MemberForm[];
}

const DATE_FORMAT = 'YYYY-MM-DD';
const CONTACT_PHONE = /^[0-9+\-() ]{5,20}$/;

function toValues(project: EduProjectDetail | undefined): ProjectValues {
  if (!project) return { name: '', status: 0, period: null, description: '', members: [] };
  return {
    name: project.name,
    status: project.status,
    period:
      project.startDate || project.endDate
        ? [
            project.startDate ? dayjs(project.startDate) : null,
            project.endDate ? dayjs(project.endDate) : null,
          ]
        : null,
    description: project.description ?? '',
    members: project.members.map(({ memberType, name, contactName, contactPhone, role }) => ({
      memberType,
      name,
      contactName,
      contactPhone,
      role,
    })),
  };
}

export function toProjectForm(values: ProjectValues): ProjectForm {
  const [start, end] = values.period ?? [null, null];
  return {
    name: values.name.trim(),
    status: values.status,
    description: values.description?.trim() || null,
    startDate: start ? start.format(DATE_FORMAT) : null,
    endDate: end ? end.format(DATE_FORMAT) : null,
    members: (values.members ?? []).map((m) => ({
      memberType: m.memberType,
      name: m.name.trim(),
      contactName: m.contactName?.trim() || null,
      contactPhone: m.contactPhone?.trim() || null,
      role: m.role?.trim() || null,
    })),
  };
}

/** Creates a project (projectId undefined) or edits one, with its member organisations. */
export function ProjectFormDialog({
  open,
  projectId,
  onClose,
  onSaved,
}: {
  open: boolean;
  projectId?: number;
  onClose: () => void;
  onSaved: (project: EduProjectDetail) => void;
}): ReactNode {
  const [form] = Form.useForm<ProjectValues>();
  const [saving, setSaving] = useState(false);
  const editing = projectId !== undefined;
  const detail = useQuery({
    queryKey: eduKeys.detail(projectId ?? 0),
    queryFn: () => fetchProject(projectId ?? 0),
    enabled: open && editing,
    staleTime: 0,
  });

  useEffect(() => {
    if (!open) return;
    if (!editing) form.setFieldsValue(toValues(undefined));
    else if (detail.data) form.setFieldsValue(toValues(detail.data));
  }, [open, editing, detail.data, form]);

  const submit = async () => {
    let values: ProjectValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const body = toProjectForm(values);
      const saved = editing ? await updateProject(projectId, body) : await createProject(body);
      toast.success(editing ? '项目已保存' : '项目已创建');
      onSaved(saved);
    } catch {
      // The HTTP client has shown the reason.
    } finally {
      setSaving(false);
    }
  };

  const loading = editing && detail.isPending;
  return (
    <Modal
      open={open}
      title={editing ? '编辑项目' : '新建项目'}
      okText="保存"
      onOk={() => void submit()}
      okButtonProps={{ disabled: loading || (editing && detail.isError) }}
      confirmLoading={saving}
      onCancel={onClose}
      destroyOnHidden
      forceRender
      width={760}
    >
      {loading ? (
        <div className="kp-page-state">
          <Spin />
        </div>
      ) : editing && detail.isError ? (
        <PageError description="项目加载失败，请稍后重试。" onRetry={() => void detail.refetch()} />
      ) : null}
      <Form
        form={form}
        layout="vertical"
        name="edu-project"
        preserve={false}
        hidden={loading || (editing && detail.isError)}
        initialValues={toValues(undefined)}
      >
        <div className="kp-edu__form-row">
          <Form.Item
            name="name"
            label="项目名称"
            className="kp-edu__form-grow"
            rules={[
              { required: true, whitespace: true, message: '请输入项目名称' },
              { max: 200, message: '项目名称不能超过 200 个字符' },
            ]}
          >
            <Input placeholder="如：智能制造现代产业学院" maxLength={200} />
          </Form.Item>
          <Form.Item name="status" label="状态" rules={[{ required: true, message: '请选择状态' }]}>
            <Select
              options={PROJECT_STATUSES.map((s) => ({ value: s.value, label: s.label }))}
              className="kp-edu__status-select"
              aria-label="状态"
            />
          </Form.Item>
        </div>
        <Form.Item name="period" label="起止日期">
          <DatePicker.RangePicker
            allowEmpty={[true, true]}
            style={{ width: '100%' }}
            placeholder={['开始日期', '结束日期']}
          />
        </Form.Item>
        <Form.Item
          name="description"
          label="项目简介"
          rules={[{ max: 5000, message: '项目简介不能超过 5000 个字符' }]}
        >
          <Input.TextArea rows={3} maxLength={5000} showCount placeholder="合作内容、目标与安排" />
        </Form.Item>
        <Typography.Text strong>成员单位</Typography.Text>
        <Form.List name="members">
          {(fields, { add, remove }) => (
            <div className="kp-edu__members">
              {fields.length === 0 ? (
                <Typography.Text type="secondary" className="kp-edu__members-empty">
                  还没有成员单位
                </Typography.Text>
              ) : null}
              {fields.map((field, index) => (
                <div key={field.key} className="kp-edu__member" data-testid="member-row">
                  <Form.Item
                    name={[field.name, 'memberType']}
                    rules={[{ required: true, message: '请选择类型' }]}
                    className="kp-edu__member-type"
                  >
                    <Select
                      options={[...MEMBER_TYPES]}
                      placeholder="类型"
                      aria-label={`第 ${index + 1} 个成员类型`}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'name']}
                    rules={[
                      { required: true, whitespace: true, message: '请输入单位名称' },
                      { max: 100, message: '单位名称不能超过 100 个字符' },
                    ]}
                    className="kp-edu__member-name"
                  >
                    <Input
                      placeholder="单位名称"
                      maxLength={100}
                      aria-label={`第 ${index + 1} 个成员单位名称`}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'contactName']}
                    rules={[{ max: 50, message: '联系人不能超过 50 个字符' }]}
                  >
                    <Input placeholder="联系人" maxLength={50} aria-label={`第 ${index + 1} 个成员联系人`} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'contactPhone']}
                    rules={[{ pattern: CONTACT_PHONE, message: '联系电话格式不正确' }]}
                  >
                    <Input
                      placeholder="联系电话"
                      maxLength={20}
                      aria-label={`第 ${index + 1} 个成员联系电话`}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'role']}
                    rules={[{ max: 50, message: '角色不能超过 50 个字符' }]}
                  >
                    <Input
                      placeholder="角色，如牵头单位"
                      maxLength={50}
                      aria-label={`第 ${index + 1} 个成员角色`}
                    />
                  </Form.Item>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    onClick={() => remove(field.name)}
                    aria-label={`删除第 ${index + 1} 个成员`}
                  />
                </div>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add({ memberType: 'enterprise', name: '' })}
                block
                disabled={fields.length >= 100}
                data-testid="add-member"
              >
                添加成员单位
              </Button>
            </div>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
