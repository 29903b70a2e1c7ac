import { describe, expect, it } from 'vitest';
import { passwordProblem } from './password-rules';

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
