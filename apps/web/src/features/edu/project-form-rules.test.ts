import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import type { EduProjectDetail } from './api';
import { toProjectForm, toValues } from './project-form-rules';

describe('project form values', () => {
  it('trims texts, sends empty ones as null and the period as two dates', () => {
    const form = toProjectForm({
      name: '  共建学院 ',
      status: 1,
      period: [dayjs('2026-03-01'), null],
      description: '   ',
      members: [
        { memberType: 'college', name: ' 职业学院 ', contactName: ' ', contactPhone: ' 123456 ', role: '' },
      ],
    });
    expect(form).toEqual({
      name: '共建学院',
      status: 1,
      description: null,
      startDate: '2026-03-01',
      endDate: null,
      members: [
        { memberType: 'college', name: '职业学院', contactName: null, contactPhone: '123456', role: null },
      ],
    });
  });

  it('reads a project back into the form, without a period when it has no dates', () => {
    const project = {
      name: '订单班',
      status: 2,
      startDate: null,
      endDate: null,
      description: null,
      members: [
        { memberType: 'enterprise', name: '企业', contactName: null, contactPhone: null, role: '牵头单位' },
      ],
    } as unknown as EduProjectDetail;
    const values = toValues(project);
    expect(values.period).toBeNull();
    expect(values.description).toBe('');
    expect(values.members).toEqual([
      { memberType: 'enterprise', name: '企业', contactName: null, contactPhone: null, role: '牵头单位' },
    ]);
    expect(toValues({ ...project, endDate: '2026-06-30' }).period?.[1]?.format('YYYY-MM-DD')).toBe(
      '2026-06-30',
    );
  });
});

describe('project form values at their edges', () => {
  it('starts a new project empty', () => {
    expect(toValues(undefined)).toEqual({ name: '', status: 0, period: null, description: '', members: [] });
  });

  it('sends a project without a period or members, and keeps typed member fields trimmed', () => {
    const form = toProjectForm({
      name: '实训基地',
      status: 0,
      description: ' 校企共建 ',
      members: undefined as never,
    });
    expect(form).toMatchObject({ description: '校企共建', startDate: null, endDate: null, members: [] });
    const withMember = toProjectForm({
      name: '实训基地',
      status: 0,
      period: null,
      members: [
        {
          memberType: 'college',
          name: '学院',
          contactName: ' 王老师 ',
          contactPhone: undefined,
          role: ' 主办 ',
        },
      ],
    });
    expect(withMember.description).toBeNull();
    expect(withMember.members).toEqual([
      { memberType: 'college', name: '学院', contactName: '王老师', contactPhone: null, role: '主办' },
    ]);
  });
});
