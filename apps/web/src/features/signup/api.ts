import { http, post, type ApiEnvelope } from '../../lib/http';

export type SignupKind = 'enterprise' | 'college' | 'industry';

export interface SignupForm {
  organizationName: string;
  contactName: string;
  phone: string;
  code: string;
  email?: string;
  account: string;
  password: string;
  encrypted: boolean;
  industry?: string;
  scale?: string;
}

export interface SignupResult {
  applicationId: number;
  /** 1 approved (the organisation is open), 0 waiting for the platform's review. */
  status: number;
  organizationId: number | null;
}

/** Sends the registration code (refused when the phone already has an account). */
export async function sendRegisterCode(phone: string): Promise<void> {
  await post<unknown>('/v1/org/sms/code/add', null, { params: { phone } });
}

/** Company sign-up, or college / industry-body registration; answers with the outcome and its message. */
export async function submitSignup(
  kind: SignupKind,
  form: SignupForm,
): Promise<{ result: SignupResult; message: string }> {
  const response =
    kind === 'enterprise'
      ? await http.post<ApiEnvelope<SignupResult>>('/v1/org/addApply', form)
      : await http.post<ApiEnvelope<SignupResult>>(
          '/user/api/v1/org/management/industry/and/eduction/organiztion/register',
          { ...form, kind },
        );
  const result = response.data.res?.data;
  if (!result) throw new Error('注册失败');
  return { result, message: response.data.message ?? '' };
}
