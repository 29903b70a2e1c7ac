import { useEffect, useState, type ReactNode } from 'react';
import { Form, Modal, Spin, type FormInstance } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { PageError } from '../../../app/page-states';
import { toast } from '../../../lib/feedback';
import { createProject, eduKeys, fetchProject, updateProject, type EduProjectDetail } from '../api';
import { toProjectForm, toValues, type ProjectValues } from '../project-form-rules';
import { ProjectBasicFields, ProjectMemberFields } from './project-form-fields';

interface ProjectFormDialogProps {
  open: boolean;
  projectId?: number;
  onClose: () => void;
  onSaved: (project: EduProjectDetail) => void;
}

/** The project being edited (loaded afresh on opening) and the save of the form. */
function useProjectForm(form: FormInstance<ProjectValues>, props: ProjectFormDialogProps) {
  const { open, projectId, onSaved } = props;
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
  return { editing, detail, saving, submit };
}

/** Creates a project (projectId undefined) or edits one, with its member organisations. */
export function ProjectFormDialog(props: ProjectFormDialogProps): ReactNode {
  const { open, onClose } = props;
  const [form] = Form.useForm<ProjectValues>();
  const { editing, detail, saving, submit } = useProjectForm(form, props);

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
        <ProjectBasicFields />
        <ProjectMemberFields />
      </Form>
    </Modal>
  );
}
