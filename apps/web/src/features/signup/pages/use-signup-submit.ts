import { useState } from 'react';
import { PasswordEncryptionError, preparePasswords } from '../../account/api';
import { submitSignup, type SignupKind, type SignupResult } from '../api';

/** The sign-up form's fields, as antd hands them to `onFinish`. */
export interface SignupValues {
  eduKind?: 'college' | 'industry';
  organizationName: string;
  industry?: string;
  scale?: string;
  contactName: string;
  phone: string;
  code: string;
  email?: string;
  account: string;
  password: string;
  confirm: string;
}

/** What the server answered, with the administrator's account to sign in with. */
export interface SignupOutcome {
  result: SignupResult;
  message: string;
  account: string;
}

/**
 * Sends the sign-up of `kind` (the password encrypted when the house asks for it): the submitting flag,
 * the encryption error to show, and the outcome once the server has answered.
 */
export function useSignupSubmit(kind: SignupKind, requireEncryptedPassword: boolean) {
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<SignupOutcome | null>(null);

  const submit = async (values: SignupValues) => {
    setSubmitting(true);
    setError(null);
    try {
      const prepared = await preparePasswords({ password: values.password }, requireEncryptedPassword);
      const { result, message } = await submitSignup(kind, {
        organizationName: values.organizationName.trim(),
        contactName: values.contactName.trim(),
        phone: values.phone.trim(),
        code: values.code.trim(),
        email: values.email?.trim() || undefined,
        account: values.account.trim(),
        password: prepared.values.password,
        encrypted: prepared.encrypted,
        industry: kind === 'college' ? undefined : values.industry,
        scale: values.scale,
      });
      setOutcome({ result, message, account: values.account.trim() });
    } catch (failure) {
      if (failure instanceof PasswordEncryptionError) setError(failure.message);
    } finally {
      setSubmitting(false);
    }
  };

  return { submitting, error, clearError: () => setError(null), outcome, submit };
}
