import { describe, expect, it } from 'vitest';
import { funnelsOf, hireAccountPlan, weekOf } from './recruitment.rules';

describe('weekOf', () => {
  it('starts on Monday 00:00 Beijing time, also late on a Sunday evening UTC (already Monday there)', () => {
    // 2026-11-29 is a Sunday; 20:00 UTC is Monday 04:00 in Beijing.
    const { from, to } = weekOf(new Date('2026-11-29T20:00:00Z'));
    expect(from.toISOString()).toBe('2026-11-29T16:00:00.000Z');
    expect(to.getTime() - from.getTime()).toBe(7 * 86_400_000);
    expect(weekOf(new Date('2026-11-29T15:59:00Z')).from.toISOString()).toBe('2026-11-22T16:00:00.000Z');
  });
});

describe('funnelsOf', () => {
  it('gives every listed job every stage, in the jobs’ order, with its total', () => {
    const funnels = funnelsOf(
      [{ id: 2 }, { id: 1 }],
      [
        { jobId: 1, stage: 'applied', n: '3' },
        { jobId: 1, stage: 'hired', n: 1 },
        { jobId: 9, stage: 'applied', n: 5 },
      ],
    );
    expect(funnels.map((f) => f.job.id)).toEqual([2, 1]);
    expect(funnels[0]).toMatchObject({ total: 0, counts: { applied: 0, rejected: 0 } });
    expect(funnels[1]).toMatchObject({ total: 4, counts: { applied: 3, hired: 1, screening: 0 } });
  });
});

describe('hireAccountPlan', () => {
  const base = {
    account: null,
    applicantEmail: 'a@example.com',
    emailOwnerId: undefined,
    newAccount: () => 'hire_new',
    newPassword: () => 'Kp-new-8',
  };
  it('makes a new account and password for an outsider', () => {
    expect(hireAccountPlan({ ...base, owner: undefined })).toEqual({
      account: 'hire_new',
      password: 'Kp-new-8',
      email: 'a@example.com',
    });
  });
  it('keeps a member’s account and password; a candidate gets a new password', () => {
    const member = { id: 5, kind: 'member', account: 'lisi', passwordHash: 'h' };
    expect(hireAccountPlan({ ...base, owner: member })).toMatchObject({ account: 'lisi', password: null });
    const candidate = { ...member, kind: 'candidate', account: 'recruit_x' };
    expect(hireAccountPlan({ ...base, owner: candidate })).toMatchObject({
      account: 'hire_new',
      password: 'Kp-new-8',
    });
    expect(hireAccountPlan({ ...base, owner: candidate, account: 'wangwu' }).account).toBe('wangwu');
  });
  it('drops the e-mail when someone else has it', () => {
    expect(hireAccountPlan({ ...base, owner: undefined, emailOwnerId: 7 }).email).toBeNull();
    const member = { id: 7, kind: 'member', account: 'lisi', passwordHash: null };
    expect(hireAccountPlan({ ...base, owner: member, emailOwnerId: 7 })).toMatchObject({
      email: 'a@example.com',
      password: 'Kp-new-8',
    });
  });
});
