import { describe, expect, it } from 'vitest';
import { landingPath } from './session';

const consoleMenu = [{ id: 1, name: '控制台', url: '/manage/console', children: [] }];

describe('landingPath', () => {
  it('lands a member on the first page their menu grants, or on their exams without one', () => {
    expect(landingPath({ isAdmin: false, kind: 'member' }, consoleMenu)).toBe('/manage/console');
    expect(landingPath({ isAdmin: false }, [])).toBe('/m');
    expect(landingPath({ isAdmin: true }, [])).toBe('/manage');
  });

  it('lands a candidate from an open link on their exams whatever the menu says', () => {
    expect(landingPath({ isAdmin: false, kind: 'candidate' }, consoleMenu)).toBe('/m');
  });
});
