import { useState, type ReactNode } from 'react';
import { Form, Input, Modal } from 'antd';
import { toast } from '../../../lib/feedback';
import { rejectApplication, type OrgApplication } from '../api';

/** 驳回: asks for the reason (told to the applicant), then rejects the application. */
export function RejectDialog({
  application,
  onClose,
  onDone,
}: {
  application: OrgApplication | null;
  onClose: () => void;
  onDone: () => void;
}): ReactNode {
  const [form] = Form.useForm<{ reason: string }>();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    if (!application) return;
    let values: { reason: string };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      await rejectApplication(application.applicationId, values.reason.trim());
      toast.success(`已驳回「${application.organizationName}」的申请`);
      form.resetFields();
      onDone();
    } catch {
      // The HTTP client has shown the reason.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={application !== null}
      title={`驳回「${application?.organizationName ?? ''}」的入驻申请`}
      okText="驳回"
      okButtonProps={{ danger: true }}
      onOk={() => void submit()}
      confirmLoading={saving}
      onCancel={onClose}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" name="reject-application" preserve={false}>
        <Form.Item
          name="reason"
          label="驳回原因"
          extra="原因会以短信（及邮件）告知申请人"
          rules={[
            { required: true, whitespace: true, message: '请填写驳回原因' },
            { max: 500, message: '驳回原因不能超过 500 个字符' },
          ]}
        >
          <Input.TextArea rows={4} maxLength={500} showCount placeholder="如：组织名称与证照不一致" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
