import { describe, expect, it } from 'vitest';
import { EDITIONS, EDITION_KEYS, parseEdition } from './editions';

describe('EDITIONS', () => {
  it('configures every edition under its own key', () => {
    expect(Object.keys(EDITIONS).sort()).toEqual([...EDITION_KEYS].sort());
    for (const key of EDITION_KEYS) {
      const edition = EDITIONS[key];
      expect(edition.key).toBe(key);
      expect(edition.logo).toBe(`/editions/${key}.svg`);
      expect(edition.favicon).toMatch(new RegExp(`^/editions/${key}`));
      expect(edition.primaryColor).toMatch(/^#[0-9a-f]{6}$/);
      expect(edition.slogan.length).toBeGreaterThan(0);
      expect(edition.pageTitle.length).toBeGreaterThan(0);
    }
  });

  it('uses distinct names, logos and colours', () => {
    const all = Object.values(EDITIONS);
    for (const field of ['displayName', 'logo', 'favicon', 'primaryColor', 'pageTitle'] as const) {
      expect(new Set(all.map((edition) => edition[field])).size).toBe(all.length);
    }
  });

  it('keeps the fixed texts', () => {
    expect(EDITIONS.saas.displayName).toBe('考培');
    expect(EDITIONS.saas.slogan).toBe('一站式人才测评与培训平台');
    expect(EDITIONS.saas.pageTitle).toBe('考培 - 人才测评与培训平台');
    expect(EDITIONS.bank.displayName).toBe('考培·金融版');
    expect(EDITIONS.engineer.displayName).toBe('考培·工程师学院');
    expect(EDITIONS.engineer.pageTitle).toBe('工程师培训与认证中心');
    expect(EDITIONS.career.displayName).toBe('考培·职业发展');
    expect(EDITIONS.college.displayName).toBe('考培·高校版');
  });

  it('sends only the college edition to /college', () => {
    expect(EDITIONS.college.homePath).toBe('/college');
    for (const key of EDITION_KEYS.filter((k) => k !== 'college')) {
      expect(EDITIONS[key].homePath).toBe('/home');
    }
  });
});

describe('parseEdition', () => {
  it('defaults to saas', () => {
    expect(parseEdition(undefined)).toBe('saas');
    expect(parseEdition('')).toBe('saas');
    expect(parseEdition('  ')).toBe('saas');
  });

  it('accepts every edition, ignoring case and surrounding space', () => {
    for (const key of EDITION_KEYS) {
      expect(parseEdition(key)).toBe(key);
    }
    expect(parseEdition(' Bank ')).toBe('bank');
  });

  it('rejects unknown values with an English message', () => {
    expect(() => parseEdition('enterprise')).toThrow(/Unknown edition "enterprise"/);
    expect(() => parseEdition('enterprise')).toThrow(/^[\x20-\x7e]+$/);
  });
});
