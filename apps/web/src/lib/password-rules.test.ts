import { describe, expect, it } from 'vitest';
import { validatorOf } from './form-rule-validator.testing';
import { confirmPasswordRules, newPasswordRules, passwordProblem } from './password-rules';

describe('passwordProblem', () => {
  it('accepts 8–32 characters with letters and digits', () => {
    expect(passwordProblem('Kaopei@2024')).toBeNull();
    expect(passwordProblem('abc12345')).toBeNull();
    expect(passwordProblem(`${'a'.repeat(31)}1`)).toBeNull();
  });

  it('names what is wrong', () => {
    expect(passwordProblem('abc1234')).toBe('密码长度需为 8–32 位');
    expect(passwordProblem(`${'a'.repeat(32)}1`)).toBe('密码长度需为 8–32 位');
    expect(passwordProblem('abcdefgh')).toBe('密码需同时包含字母和数字');
    expect(passwordProblem('12345678')).toBe('密码需同时包含字母和数字');
    expect(passwordProblem('abcd 1234')).toBe('密码不能包含空格');
  });
});

describe('the password fields', () => {
  it('requires a new password, named as the field is, and checks it against the policy', async () => {
    const rules = newPasswordRules('登录密码');
    expect(rules[0]).toMatchObject({ required: true, message: '请输入登录密码' });
    expect(newPasswordRules()[0]).toMatchObject({ message: '请输入新密码' });
    const validate = validatorOf(rules);
    await expect(validate({}, 'abc12345')).resolves.toBeUndefined();
    await expect(validate({}, 'abcdefgh')).rejects.toThrow('密码需同时包含字母和数字');
    // Empty is the required rule's to report, once.
    await expect(validate({}, '')).resolves.toBeUndefined();
    await expect(validate({}, undefined)).resolves.toBeUndefined();
  });

  it('asks for the same password again', async () => {
    const rules = confirmPasswordRules('password');
    expect(rules[0]).toMatchObject({ required: true, message: '请再次输入密码' });
    const validate = validatorOf(rules, { getFieldValue: (name) => (name === 'password' ? 'abc12345' : '') });
    await expect(validate({}, 'abc12345')).resolves.toBeUndefined();
    await expect(validate({}, 'abc12346')).rejects.toThrow('两次输入的密码不一致');
    await expect(validate({}, '')).resolves.toBeUndefined();
  });
});
