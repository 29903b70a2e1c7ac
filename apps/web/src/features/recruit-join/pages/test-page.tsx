import { useState, type ReactNode } from 'react';
import { Button, Descriptions, Form } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { candidatePaths, formatExamTime } from '@kaopei/shared';
import { completeSignIn } from '../../../app/session';
import { PageLoading } from '../../../app/page-states';
import { PhoneFormItem, SmsCodeFormItem } from '../../../components/phone-code-fields';
import { PublicLayout } from '../../../components/public-layout';
import { toast } from '../../../lib/feedback';
import { FORM_ERRORS, showErrorOnForm } from '../../../lib/form-errors';
import {
  fetchTestInvitation,
  recruitJoinKeys,
  sendTestCode,
  signInToTest,
  type TestInvitation,
} from '../api';
import { LinkGone } from '../components/link-gone';
import '../recruit-join.css';

interface SignInForm {
  phone: string;
  code: string;
}

function SignIn({ token, invitation }: { token: string; invitation: TestInvitation }): ReactNode {
  const [form] = Form.useForm<SignInForm>();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const submit = async (values: SignInForm) => {
    setBusy(true);
    try {
      const signed = await signInToTest(
        { token, phone: values.phone.trim(), code: values.code.trim() },
        FORM_ERRORS,
      );
      await completeSignIn(signed);
      toast.success('验证成功');
      await navigate(candidatePaths.exam(signed.examId), { replace: true });
    } catch (error) {
      showErrorOnForm(form, error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'org', label: '招聘单位', children: invitation.organizationName },
          { key: 'job', label: '应聘职位', children: invitation.jobName },
          { key: 'exam', label: '笔试', children: invitation.examName },
          { key: 'duration', label: '答题时长', children: formatExamTime(invitation.durationMinutes) },
        ]}
      />
      <p className="kp-join__muted" style={{ margin: '12px 0' }}>
        请用投递时填写的手机号（{invitation.phoneHint}）获取验证码登录，登录后即可开始笔试。
      </p>
      <Form<SignInForm> form={form} layout="vertical" onFinish={(values) => void submit(values)} requiredMark>
        <PhoneFormItem />
        <SmsCodeFormItem
          form={form}
          send={async (phone) => {
            await sendTestCode(token, phone);
            toast.success('验证码已发送，5 分钟内有效');
          }}
        />
        <Button type="primary" htmlType="submit" block size="large" loading={busy}>
          验证并进入笔试
        </Button>
      </Form>
    </>
  );
}

/** /join/test/:token — the written-test invitation: sign in by an SMS code, then take the exam (/m). */
export default function TestPage(): ReactNode {
  const token = useParams().token ?? '';
  const invitation = useQuery({
    queryKey: recruitJoinKeys.test(token),
    queryFn: () => fetchTestInvitation(token),
    retry: false,
  });
  let body: ReactNode;
  if (invitation.isPending) body = <PageLoading />;
  else if (invitation.isError)
    body = (
      <LinkGone
        error={invitation.error}
        title="无法打开笔试"
        hint="请向招聘方确认笔试链接"
        onRetry={() => void invitation.refetch()}
      />
    );
  else
    body = (
      <section className="kp-join__panel" aria-labelledby="test-title">
        <h1 id="test-title">笔试邀请</h1>
        <SignIn token={token} invitation={invitation.data} />
      </section>
    );
  return (
    <PublicLayout>
      <div className="kp-join">{body}</div>
    </PublicLayout>
  );
}
