import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Form, Input, Result, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { candidatePaths } from '@kaopei/shared';
import { PhoneFormItem, SmsCodeFormItem } from '../../../components/phone-code-fields';
import { toast } from '../../../lib/feedback';
import { completeSignIn } from '../../../app/session';
import { fetchOpenExam, registerForOpenExam, sendOpenExamCode } from '../open-api';
import { formatWindow } from '../../../lib/time-format';

interface RegisterForm {
  realName: string;
  phone: string;
  code: string;
  fields?: Record<string, string>;
}

/** /m/open/:examId — the open link of an exam: prove a phone, fill in the exam's fields, start. */
export default function OpenRegisterPage() {
  const examId = Number(useParams().examId);
  const navigate = useNavigate();
  const [form] = Form.useForm<RegisterForm>();
  const [submitting, setSubmitting] = useState(false);
  const info = useQuery({
    queryKey: ['open-exam', examId],
    queryFn: () => fetchOpenExam(examId),
    enabled: Number.isInteger(examId) && examId > 0,
    retry: false,
  });

  if (info.isLoading) return <Spin tip="加载中...." fullscreen />;
  if (info.isError || !info.data) {
    return <Result status="404" title="考试不存在或未开放报名" subTitle="请向考试组织方确认链接" />;
  }
  const exam = info.data;

  const submit = async (values: RegisterForm) => {
    setSubmitting(true);
    try {
      const token = await registerForOpenExam(examId, {
        realName: values.realName.trim(),
        phone: values.phone.trim(),
        code: values.code.trim(),
        fields: values.fields ?? {},
      });
      await completeSignIn(token);
      toast.success('报名成功');
      navigate(candidatePaths.exam(examId), { replace: true });
    } catch {
      // The HTTP client has shown the server's message.
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="candidate-open" style={{ maxWidth: 480, margin: '0 auto', padding: 16 }}>
      <Card title={exam.name}>
        <Descriptions column={1} size="small">
          <Descriptions.Item label="考试时间">{formatWindow(exam.startAt, exam.endAt)}</Descriptions.Item>
          <Descriptions.Item label="考试时长">{exam.durationText}</Descriptions.Item>
        </Descriptions>
        {exam.description ? <p style={{ whiteSpace: 'pre-wrap' }}>{exam.description}</p> : null}
        {exam.state === 'ended' ? (
          <Alert type="warning" showIcon message="考试已结束" />
        ) : (
          <Form<RegisterForm> form={form} layout="vertical" onFinish={submit} requiredMark>
            <Form.Item
              name="realName"
              label="姓名"
              rules={[{ required: true, whitespace: true, message: '请输入姓名' }]}
            >
              <Input maxLength={50} autoComplete="name" />
            </Form.Item>
            <PhoneFormItem />
            <SmsCodeFormItem
              form={form}
              send={async (phone) => {
                await sendOpenExamCode(examId, phone);
                toast.success('验证码已发送，5 分钟内有效');
              }}
            />
            {exam.registrationFields.map((field) => (
              <Form.Item
                key={field}
                name={['fields', field]}
                label={field}
                rules={[{ required: true, whitespace: true, message: `请填写${field}` }]}
              >
                <Input maxLength={200} />
              </Form.Item>
            ))}
            <Button type="primary" htmlType="submit" block loading={submitting}>
              报名并进入考试
            </Button>
          </Form>
        )}
      </Card>
    </div>
  );
}
