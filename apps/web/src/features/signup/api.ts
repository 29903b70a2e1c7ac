import {
  orgContracts as org,
  type ApplicationKind,
  type ApplicationResult,
} from '@kaopei/shared/contracts/org';
import { call, callReply, type BodyIn } from '../../lib/api';

/** Sign-up of companies, colleges and industry bodies (contracts: packages/shared/src/contracts/org.ts). */

export type SignupKind = ApplicationKind;
export type SignupForm = BodyIn<typeof org.applyEnterprise>;
/** `status` 1: approved (the organisation is open), 0: waiting for the platform's review. */
export type SignupResult = ApplicationResult;

/** Sends the registration code (refused when the phone already has an account). */
export async function sendRegisterCode(phone: string): Promise<void> {
  await call(org.sendCode, { query: { phone } });
}

/** Company sign-up, or college / industry-body registration; answers with the outcome and its message. */
export async function submitSignup(
  kind: SignupKind,
  form: SignupForm,
): Promise<{ result: SignupResult; message: string }> {
  const { res, message } =
    kind === 'enterprise'
      ? await callReply(org.applyEnterprise, { body: form })
      : await callReply(org.applyInstitution, { body: { ...form, kind } });
  return { result: res.data, message };
}
