import { describe, expect, it } from 'vitest';
import { accountProblem, EMAIL_PATTERN, passwordProblem, PHONE_PATTERN } from './account';

describe('account rules', () => {
  it('accepts mainland mobile numbers only', () => {
    expect(PHONE_PATTERN.test('13800000000')).toBe(true);
    expect(PHONE_PATTERN.test('12800000000')).toBe(false);
    expect(PHONE_PATTERN.test('1380000000')).toBe(false);
  });

  it('checks account names and refuses phone-shaped ones', () => {
    expect(accountProblem('zhang_san')).toBeNull();
    expect(accountProblem('abc')).toBe('账号需为 4–32 位字母、数字或下划线');
    expect(accountProblem('张三三三')).toBe('账号需为 4–32 位字母、数字或下划线');
    expect(accountProblem('13800000000')).toBe('账号不能使用手机号格式（手机号可直接用于登录）');
  });

  it('checks e-mail shape', () => {
    expect(EMAIL_PATTERN.test('a@b.cn')).toBe(true);
    expect(EMAIL_PATTERN.test('a b@c.cn')).toBe(false);
    expect(EMAIL_PATTERN.test('a@b')).toBe(false);
  });

  it('applies the password policy at its boundaries', () => {
    expect(passwordProblem('abc1234')).toBe('密码长度需为 8–32 位');
    expect(passwordProblem('abcd1234')).toBeNull();
    expect(passwordProblem('a1'.repeat(16))).toBeNull();
    expect(passwordProblem('a1'.repeat(16) + 'x')).toBe('密码长度需为 8–32 位');
    expect(passwordProblem('abcdefgh')).toBe('密码需同时包含字母和数字');
    expect(passwordProblem('12345678')).toBe('密码需同时包含字母和数字');
    expect(passwordProblem('abcd 1234')).toBe('密码不能包含空格');
  });
});
