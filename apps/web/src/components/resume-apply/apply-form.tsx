import { useState, type ReactNode } from 'react';
import { Button, Form, Input, InputNumber, Result, Select, Upload } from 'antd';
import { FileTextOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { DEGREES } from '@kaopei/shared';
import { PhoneFormItem } from '../phone-code-fields';
import { FORM_ERRORS, showErrorOnForm } from '../../lib/form-errors';
import { ApiError } from '../../lib/http';
import type { HttpRequestConfig } from '../../lib/http-transport';
import {
  prefillFromResume,
  prefillSummary,
  resumeFileProblem,
  toApplyBody,
  type Applied,
  type ApplyBody,
  type ApplyFormValues,
  type ResumeUploaded,
} from './apply-rules';

type UploadState =
  | { kind: 'none' }
  | { kind: 'reading'; fileName: string }
  | { kind: 'read'; resume: ResumeUploaded; summary: string }
  | { kind: 'failed'; message: string };

/**
 * Where the form sends the résumé and the application: the public endpoints (the applicant's pages,
 * features/recruit-join) or the recruiter's (招聘管理 → 应聘者 → 添加应聘者).
 */
export interface ApplyChannel {
  upload(jobId: number, file: File): Promise<ResumeUploaded>;
  apply(body: ApplyBody, config: HttpRequestConfig): Promise<Applied>;
}

/** The résumé upload: the file is read by the server and its fields merged into the form. */
function useResumeUpload(
  jobId: number,
  form: ReturnType<typeof Form.useForm<ApplyFormValues>>[0],
  channel: ApplyChannel,
) {
  const [state, setState] = useState<UploadState>({ kind: 'none' });
  const choose = async (file: File) => {
    const problem = resumeFileProblem(file);
    if (problem) {
      setState({ kind: 'failed', message: problem });
      return;
    }
    setState({ kind: 'reading', fileName: file.name });
    try {
      const resume = await channel.upload(jobId, file);
      const prefill = prefillFromResume(form.getFieldsValue(), resume.fields);
      form.setFieldsValue(prefill.patch);
      // Fields now filled are checked again, so an earlier "请填写" goes away.
      const touched = Object.keys(prefill.patch) as (keyof ApplyFormValues)[];
      if (touched.length > 0) void form.validateFields(touched).catch(() => undefined);
      setState({ kind: 'read', resume, summary: prefillSummary(prefill) });
    } catch (error) {
      setState({
        kind: 'failed',
        message: error instanceof ApiError ? error.message : '简历上传失败，请重试',
      });
    }
  };
  return { state, choose, resume: state.kind === 'read' ? state.resume : null };
}

function ResumeField({ state, onChoose }: { state: UploadState; onChoose: (file: File) => void }): ReactNode {
  const help =
    state.kind === 'failed' ? (
      <span data-testid="resume-error">{state.message}</span>
    ) : state.kind === 'read' ? (
      <span data-testid="resume-summary">
        <FileTextOutlined /> {state.resume.fileName}：{state.summary}
      </span>
    ) : (
      'PDF 或 Word（.docx），10MB 以内；上传后自动识别并填写下方信息'
    );
  return (
    <Form.Item
      label="简历"
      htmlFor="recruit-resume"
      validateStatus={state.kind === 'failed' ? 'error' : state.kind === 'read' ? 'success' : undefined}
      help={help}
    >
      <Upload
        id="recruit-resume"
        accept=".pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
        showUploadList={false}
        maxCount={1}
        beforeUpload={(file) => {
          onChoose(file);
          return Upload.LIST_IGNORE;
        }}
      >
        <Button icon={<UploadOutlined />} loading={state.kind === 'reading'} data-testid="resume-upload">
          {state.kind === 'reading' ? '正在识别简历…' : state.kind === 'read' ? '重新上传简历' : '上传简历'}
        </Button>
      </Upload>
    </Form.Item>
  );
}

function AppliedResult({
  jobName,
  applied,
  onAgain,
}: {
  jobName: string;
  applied: Applied;
  onAgain?: ReactNode;
}) {
  return (
    <Result
      status="success"
      title="投递成功"
      data-testid="apply-success"
      subTitle={
        applied.merged
          ? `已收到您对「${jobName}」的申请，并更新了您之前留下的资料。如进入笔试，我们会短信通知您。`
          : `已收到您对「${jobName}」的申请。如进入笔试，我们会短信通知您，请留意手机短信。`
      }
      extra={onAgain}
    />
  );
}

/**
 * The apply form of a job (its page, or a campus session's): upload a résumé whose fields pre-fill the
 * form, confirm or edit them, submit. A refusal that names a field is shown under it. A recruiter adding
 * an applicant uses the same form through their own `channel`, and `onApplied` instead of the
 * applicant's success page.
 */
export function ApplyForm({
  jobId,
  jobName,
  campusSessionId = null,
  after,
  channel,
  onApplied,
  submitLabel = '提交申请',
}: {
  jobId: number;
  jobName: string;
  campusSessionId?: number | null;
  /** Shown under the success message (e.g. a link back to the jobs). */
  after?: ReactNode;
  channel: ApplyChannel;
  /** Called on success instead of showing the applicant's success message. */
  onApplied?: (applied: Applied) => void;
  submitLabel?: string;
}): ReactNode {
  const [form] = Form.useForm<ApplyFormValues>();
  const upload = useResumeUpload(jobId, form, channel);
  const apply = useMutation({
    mutationFn: (values: ApplyFormValues) =>
      channel.apply(toApplyBody(jobId, values, upload.resume, campusSessionId), FORM_ERRORS),
    onSuccess: (applied) => onApplied?.(applied),
    onError: (error) => showErrorOnForm(form, error),
  });
  if (apply.data && !onApplied)
    return <AppliedResult jobName={jobName} applied={apply.data} onAgain={after} />;

  return (
    <Form<ApplyFormValues>
      form={form}
      layout="vertical"
      requiredMark
      onFinish={(values) => apply.mutate(values)}
      className="kp-join__form"
      aria-label={`投递「${jobName}」`}
    >
      <ResumeField state={upload.state} onChoose={(file) => void upload.choose(file)} />
      <Form.Item
        name="name"
        label="姓名"
        rules={[{ required: true, whitespace: true, message: '请填写姓名' }]}
      >
        <Input maxLength={50} autoComplete="name" />
      </Form.Item>
      <PhoneFormItem extra="笔试通知与登录验证码将发送到此手机号" />
      <Form.Item name="email" label="邮箱" rules={[{ type: 'email', message: '邮箱格式不正确' }]}>
        <Input maxLength={200} inputMode="email" autoComplete="email" />
      </Form.Item>
      <Form.Item name="school" label="毕业院校">
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="degree" label="学历">
        <Select
          allowClear
          className="kp-join__degree"
          options={DEGREES.map((degree) => ({ value: degree, label: degree }))}
        />
      </Form.Item>
      <Form.Item name="years" label="工作年限（年）">
        <InputNumber min={0} max={50} precision={0} style={{ width: '100%' }} inputMode="numeric" />
      </Form.Item>
      <Button
        type="primary"
        htmlType="submit"
        block
        size="large"
        loading={apply.isPending}
        disabled={upload.state.kind === 'reading'}
      >
        {submitLabel}
      </Button>
    </Form>
  );
}
