import type { ReactNode } from 'react';
import { RECRUIT_STAGE_LABELS, type RecruitStage } from '@kaopei/shared';
import { APPLICANT_STEPS, applicantProgress } from '../recruit-join-rules';

/** The stages an application passes through, the reached one marked (淘汰: an end, not a step). */
export function StageSteps({ stage }: { stage: RecruitStage }): ReactNode {
  const progress = applicantProgress(stage);
  if (progress.status === 'error')
    return (
      <p className="kp-join__steps" data-testid="stage">
        <span className="kp-join__step">{progress.label}</span>
      </p>
    );
  return (
    <ol className="kp-join__steps" aria-label={`当前阶段：${progress.label}`} data-testid="stage">
      {APPLICANT_STEPS.map((step, index) => {
        const className =
          index === progress.step
            ? 'kp-join__step kp-join__step--current'
            : index < progress.step
              ? 'kp-join__step kp-join__step--done'
              : 'kp-join__step';
        return (
          <li key={step} className={className} aria-current={index === progress.step ? 'step' : undefined}>
            {RECRUIT_STAGE_LABELS[step]}
          </li>
        );
      })}
    </ol>
  );
}
