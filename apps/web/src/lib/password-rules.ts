import type { FormRule } from 'antd';
import { PASSWORD_HINT, passwordProblem, PHONE_PATTERN, SMS_CODE_PATTERN } from '@kaopei/shared';

/** The server's new-password policy (modules/account/credentials.ts), checked before submitting. */
export { PASSWORD_HINT, passwordProblem };

export function newPasswordRules(label = '新密码'): FormRule[] {
  return [
    { required: true, message: `请输入${label}` },
    {
      validator: (_rule, value: unknown) => {
        if (typeof value !== 'string' || value === '') return Promise.resolve();
        const problem = passwordProblem(value);
        return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
      },
    },
  ];
}

/** Rules of the "confirm password" field that must repeat `field`. */
export function confirmPasswordRules(field: string): FormRule[] {
  return [
    { required: true, message: '请再次输入密码' },
    ({ getFieldValue }) => ({
      validator: (_rule, value: unknown) =>
        !value || getFieldValue(field) === value
          ? Promise.resolve()
          : Promise.reject(new Error('两次输入的密码不一致')),
    }),
  ];
}

export { PHONE_PATTERN, SMS_CODE_PATTERN };
