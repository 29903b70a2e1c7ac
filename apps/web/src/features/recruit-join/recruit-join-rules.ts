import { RECRUIT_STAGE_LABELS, RECRUIT_STAGES, type RecruitStage } from '@kaopei/shared';

/**
 * Pure rules of the applicant's pages (stages, salary, scores); the apply form's are in
 * components/resume-apply/apply-rules.ts.
 */

const yuan = (n: number) => n.toLocaleString('zh-CN');

/** A job's monthly salary range as applicants read it. */
export function salaryText(min: number | null, max: number | null): string {
  if (min === null && max === null) return '薪资面议';
  if (min !== null && max !== null)
    return min === max ? `${yuan(min)} 元/月` : `${yuan(min)}–${yuan(max)} 元/月`;
  if (min !== null) return `${yuan(min)} 元/月起`;
  return `最高 ${yuan(max ?? 0)} 元/月`;
}

/** The steps an applicant goes through, in order (淘汰 is not a step but an end). */
export const APPLICANT_STEPS: RecruitStage[] = RECRUIT_STAGES.filter((stage) => stage !== 'rejected');

/** Where an application stands, for the applicant: the step reached, or that it has ended. */
export function applicantProgress(stage: RecruitStage): {
  label: string;
  step: number;
  status: 'process' | 'finish' | 'error';
} {
  if (stage === 'rejected') return { label: '未通过', step: -1, status: 'error' };
  const step = APPLICANT_STEPS.indexOf(stage);
  return {
    label: stage === 'hired' ? '已入职' : RECRUIT_STAGE_LABELS[stage],
    step,
    status: stage === 'hired' ? 'finish' : 'process',
  };
}

const points = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/** The written test's line on an application: none sent, waiting for the applicant or marking, or the score. */
export function testScoreText(app: {
  testExamId: number | null;
  testScore: number | null;
  testTotal: number | null;
}): string | null {
  if (app.testScore !== null)
    return app.testTotal !== null
      ? `${points(app.testScore)} / ${points(app.testTotal)} 分`
      : `${points(app.testScore)} 分`;
  if (app.testExamId !== null) return '待完成或待评分';
  return null;
}
