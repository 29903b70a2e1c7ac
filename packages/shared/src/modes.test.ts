import { describe, expect, it } from 'vitest';
import { MODES, MODE_GROUPS, canSwitchMode, isMenuInMode, isMode, modeLabel } from './modes';

describe('MODES', () => {
  it('lists the three modes in top-bar order', () => {
    expect(MODES).toEqual([
      { key: 'evaluation', label: '人才测评' },
      { key: 'study', label: '任务学习' },
      { key: 'recruit', label: '招聘管理' },
    ]);
    expect(modeLabel('study')).toBe('任务学习');
    expect(modeLabel('other')).toBe('');
    expect(isMode('recruit')).toBe(true);
    expect(isMode('Recruit')).toBe(false);
  });

  it('has exactly the menu groups of each mode', () => {
    expect(MODE_GROUPS).toEqual({
      evaluation: [
        '控制台',
        '考试管理',
        '岗位管理',
        '试卷管理',
        '题库管理',
        '知识图谱',
        '数据分析',
        '系统管理',
      ],
      study: ['学习管理', '岗位管理', '知识图谱', '运营管理', '数据分析', '系统管理'],
      recruit: ['招聘管理', '系统管理'],
    });
  });

  it('tells whether a menu group belongs to a mode', () => {
    expect(isMenuInMode('evaluation', '题库管理')).toBe(true);
    expect(isMenuInMode('study', '题库管理')).toBe(false);
    expect(isMenuInMode('recruit', '系统管理')).toBe(true);
    expect(isMenuInMode('recruit', ' 招聘管理 ')).toBe(true);
  });
});

describe('canSwitchMode', () => {
  it('is always true for admins', () => {
    expect(canSwitchMode(true, [])).toBe(true);
  });

  it('is true when a menu name contains 学习管理 or 招聘管理', () => {
    expect(canSwitchMode(false, ['控制台', '学习管理'])).toBe(true);
    expect(canSwitchMode(false, ['校园招聘管理'])).toBe(true);
    expect(canSwitchMode(false, ['学习管理中心'])).toBe(true);
  });

  it('is false otherwise', () => {
    expect(canSwitchMode(false, [])).toBe(false);
    expect(canSwitchMode(false, ['控制台', '考试管理', '学习', '招聘'])).toBe(false);
  });
});
