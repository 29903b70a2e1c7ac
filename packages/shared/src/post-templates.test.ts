import { describe, expect, it } from 'vitest';
import { modelWeightProblem } from './ability';
import {
  ABILITY_LEARNING,
  MAX_RELATED_POSITIONS,
  POST_TEMPLATES,
  RELATED_POSITIONS_LIMIT_MESSAGE,
  blankProfile,
  buildTrainingPlan,
  profileFromTemplate,
  relatedPositionProblem,
  type PositionProfile,
} from './post-templates';

const byName = (name: string): PositionProfile => {
  const found = POST_TEMPLATES.find((t) => t.name === name);
  if (!found) throw new Error(name);
  return found;
};

describe('position templates', () => {
  it('holds the twelve common positions, each a complete model whose weights sum to 100', () => {
    expect(POST_TEMPLATES.map((t) => t.name)).toEqual([
      'Java开发工程师',
      '前端开发工程师',
      '测试工程师',
      '产品经理',
      'UI设计师',
      '数据分析师',
      '销售代表',
      '客户成功经理',
      '人力资源专员',
      '财务专员',
      '行政专员',
      '项目经理',
    ]);
    expect(new Set(POST_TEMPLATES.map((t) => t.key)).size).toBe(12);
    for (const t of POST_TEMPLATES) {
      expect(modelWeightProblem(t.abilities.map((a) => a.weight)), t.name).toBeNull();
      expect(t.family, t.name).not.toBe('');
      expect(t.duties.length, t.name).toBeGreaterThanOrEqual(3);
      expect(t.knowledge.length, t.name).toBeGreaterThanOrEqual(4);
      for (const a of t.abilities) {
        expect(a.requiredLevel).toBeGreaterThanOrEqual(1);
        expect(a.requiredLevel).toBeLessThanOrEqual(5);
        // Every ability has suggested learning.
        expect(ABILITY_LEARNING[a.name], a.name).toBeDefined();
        expect(a.learning.length, a.name).toBeGreaterThan(0);
      }
    }
  });

  it('gives an editable copy: editing it leaves the template as it was', () => {
    const copy = profileFromTemplate(byName('产品经理'));
    copy.abilities[0]!.requiredLevel = 1;
    copy.abilities[0]!.learning.push('x');
    copy.knowledge.push('新主题');
    expect(byName('产品经理').abilities[0]!.requiredLevel).toBe(4);
    expect(byName('产品经理').abilities[0]!.learning).not.toContain('x');
    expect(byName('产品经理').knowledge).not.toContain('新主题');
  });
});

describe('the training plan', () => {
  it('targets the highest level any chosen position requires and names the positions needing it', () => {
    const plan = buildTrainingPlan(profileFromTemplate(byName('测试工程师')), [
      byName('Java开发工程师'),
      byName('产品经理'),
      byName('项目经理'),
    ]);
    expect(plan.positions).toEqual(['Java开发工程师', '产品经理', '项目经理']);
    const communication = plan.abilities.find((a) => a.name === '沟通表达');
    // 产品经理 and 项目经理 both need 4; the tester's own profile has 3.
    expect(communication).toMatchObject({ currentLevel: 3, targetLevel: 4, gap: 1 });
    expect(communication?.positions).toEqual([
      { name: '产品经理', level: 4 },
      { name: '项目经理', level: 4 },
    ]);
    const java = plan.abilities.find((a) => a.name === 'Java 编程');
    expect(java).toMatchObject({ currentLevel: 2, targetLevel: 4, gap: 2 });
    const projects = plan.abilities.find((a) => a.name === '项目管理');
    // 项目经理 4 beats 产品经理 3; the tester has none.
    expect(projects).toMatchObject({ currentLevel: 0, targetLevel: 4, gap: 4 });
    expect(projects?.positions.map((p) => p.name)).toEqual(['项目经理', '产品经理']);
    // 问题解决: the tester's 3 meets Java's 3 but not 项目经理's 4.
    expect(plan.abilities.find((a) => a.name === '问题解决')).toMatchObject({ targetLevel: 4, gap: 1 });
    // Largest gaps first.
    const gaps = plan.abilities.map((a) => a.gap);
    expect(gaps).toEqual([...gaps].sort((a, b) => b - a));
    expect(plan.abilities.every((a) => a.gap > 0)).toBe(true);
  });

  it('counts what is already met, lists only missing knowledge, and each material once', () => {
    const base = profileFromTemplate(byName('Java开发工程师'));
    const plan = buildTrainingPlan(base, [byName('Java开发工程师')]);
    expect(plan.abilities).toEqual([]);
    expect(plan.metCount).toBe(6);
    expect(plan.knowledge).toEqual([]);
    expect(plan.materials).toEqual([]);

    const mixed = buildTrainingPlan(blankProfile(), [byName('产品经理'), byName('客户成功经理')]);
    const shared = mixed.materials.filter((m) => m.title === ABILITY_LEARNING['沟通表达']![0]);
    expect(shared).toHaveLength(1);
    expect(mixed.knowledge.map((k) => k.topic)).toContain('用户研究方法');
    expect(mixed.knowledge.every((k) => k.positions.length >= 1)).toBe(true);
    // Matched by name regardless of case and spaces around it.
    const edited = profileFromTemplate(byName('产品经理'));
    edited.abilities.push({
      name: ' 客户导向 ',
      dimension: '通用素质',
      requiredLevel: 5,
      weight: 0,
      learning: [],
    });
    const none = buildTrainingPlan(edited, [byName('客户成功经理')]);
    expect(none.abilities.find((a) => a.name === '客户导向')).toBeUndefined();
  });

  it('accepts up to 10 related positions and refuses the 11th', () => {
    const eleven = POST_TEMPLATES.slice(0, 11);
    expect(() => buildTrainingPlan(blankProfile(), eleven.slice(0, MAX_RELATED_POSITIONS))).not.toThrow();
    expect(() => buildTrainingPlan(blankProfile(), eleven)).toThrow(RELATED_POSITIONS_LIMIT_MESSAGE);
    expect(relatedPositionProblem(9)).toBeNull();
    expect(relatedPositionProblem(10)).toBe('最多选择 10 个相关岗位');
    expect(buildTrainingPlan(blankProfile(), []).abilities).toEqual([]);
  });
});
