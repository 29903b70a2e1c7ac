import { beforeEach, describe, expect, it } from 'vitest';
import { POST_TEMPLATES } from '@kaopei/shared';
import { useBuildStore } from './build-store';

describe('the /post/buildPost work in progress', () => {
  beforeEach(() => useBuildStore.getState().reset());

  it('starts from a template as an editable copy and drops it from the related positions', () => {
    const store = useBuildStore.getState();
    store.toggleRelated('product-manager');
    store.start('product-manager');
    const state = useBuildStore.getState();
    expect(state.templateKey).toBe('product-manager');
    expect(state.profile.name).toBe('产品经理');
    expect(state.related).toEqual([]);
    state.setProfile({ ...state.profile, name: '高级产品经理' });
    expect(POST_TEMPLATES.find((t) => t.key === 'product-manager')?.name).toBe('产品经理');
  });

  it('takes 10 related positions and refuses the 11th, unticking frees a place', () => {
    const store = useBuildStore.getState();
    const keys = POST_TEMPLATES.map((t) => t.key);
    for (const key of keys.slice(0, 10)) expect(store.toggleRelated(key)).toBeNull();
    expect(store.toggleRelated(keys[10]!)).toBe('最多选择 10 个相关岗位');
    expect(useBuildStore.getState().related).toHaveLength(10);
    expect(store.toggleRelated(keys[0]!)).toBeNull();
    expect(store.toggleRelated(keys[10]!)).toBeNull();
    expect(useBuildStore.getState().related).toContain(keys[10]);
  });

  it('keeps the work in sessionStorage for a revisit after a reload', () => {
    useBuildStore.getState().start('java-developer');
    useBuildStore.getState().showPlan(true);
    const stored = JSON.parse(sessionStorage.getItem('kp-build-post') ?? '{}') as {
      templateKey?: string;
      planShown?: boolean;
    };
    expect(stored).toMatchObject({ templateKey: 'java-developer', planShown: true });
  });
});
