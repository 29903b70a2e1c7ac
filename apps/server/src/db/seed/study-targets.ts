import { DEFAULT_GRADATION, addDays, shanghaiDate } from '@kaopei/shared';
import { studyTargets, studyTargetScopes } from '../schema';
import { need, type Demo } from './demo';

/**
 * Two learning targets for this quarter (issue 18): 学时 for 技术部 (with 研发组 and 测试组, zhangsan among
 * them) and 完成课程数 for every top-level department. Their figures come from the course completions the
 * earlier steps stored; nothing is precomputed. Two statements.
 */
export async function seedDemoStudyTargets(demo: Demo): Promise<void> {
  const today = shanghaiDate(new Date(demo.now));
  const [year, month] = today.split('-').map(Number) as [number, number];
  const firstMonth = Math.floor((month - 1) / 3) * 3 + 1;
  const startDate = `${year}-${String(firstMonth).padStart(2, '0')}-01`;
  const nextQuarter =
    firstMonth === 10 ? `${year + 1}-01-01` : `${year}-${String(firstMonth + 3).padStart(2, '0')}-01`;
  const endDate = addDays(nextQuarter, -1);
  const quarter = `${year} 年第 ${(firstMonth + 2) / 3} 季度`;
  const common = {
    organizationId: demo.organizationId,
    startDate,
    endDate,
    levels: DEFAULT_GRADATION.map((level) => ({ ...level })),
    createdBy: need(demo.people, 'admin'),
  };
  const [hours, courses] = await demo.db
    .insert(studyTargets)
    .values([
      { ...common, name: `${quarter}技术部学时目标`, metric: 'hours', targetValue: 2 },
      { ...common, name: `${quarter}完成课程数目标`, metric: 'courses', targetValue: 2 },
    ])
    .returning({ id: studyTargets.id });
  if (!hours || !courses) throw new Error('demo seed: study targets insert returned nothing');
  const everyone = ['总经办', '技术部', '人力资源部', '市场部'];
  await demo.db.insert(studyTargetScopes).values([
    { targetId: hours.id, kind: 'department', refId: need(demo.departments, '技术部') },
    ...everyone.map((name) => ({
      targetId: courses.id,
      kind: 'department' as const,
      refId: need(demo.departments, name),
    })),
  ]);
}
