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
