import { useMemo, type ReactNode } from 'react';
import { Button } from 'antd';
import { POST_TEMPLATES, buildTrainingPlan } from '@kaopei/shared';
import { PublicLayout } from '../../../components/public-layout';
import { useBuildStore } from '../build-store';
import { ProfileEditor } from '../components/profile-editor';
import { RelatedPicker } from '../components/related-picker';
import { TrainingPlanView } from '../components/training-plan-view';
import '../post-public.css';

function TemplateChooser({ current, onPick }: { current: string | null; onPick: (key: string) => void }) {
  return (
    <div className="kp-build__templates" role="group" aria-label="岗位模板">
      {POST_TEMPLATES.map((t) => (
        <button
          key={t.key}
          type="button"
          className="kp-build__template"
          aria-pressed={current === t.key}
          onClick={() => onPick(t.key)}
        >
          <strong>{t.name}</strong>
          <span>{t.family}</span>
          <span className="kp-build__muted">{t.summary}</span>
        </button>
      ))}
      <button
        type="button"
        className="kp-build__template"
        aria-pressed={current === ''}
        onClick={() => onPick('')}
      >
        <strong>从空白开始</strong>
        <span className="kp-build__muted">自行填写岗位画像</span>
      </button>
    </div>
  );
}

/** /post/buildPost: build a position profile from templates and get a training plan (public, kept alive). */
export default function BuildPostPage(): ReactNode {
  const { templateKey, profile, related, planShown, start, setProfile, toggleRelated, showPlan, reset } =
    useBuildStore();
  const relatedProfiles = useMemo(
    () => related.flatMap((key) => POST_TEMPLATES.filter((t) => t.key === key)),
    [related],
  );
  const plan = useMemo(
    () => (planShown && relatedProfiles.length > 0 ? buildTrainingPlan(profile, relatedProfiles) : null),
    [planShown, profile, relatedProfiles],
  );
  return (
    <PublicLayout>
      <div className="kp-build">
        <header className="kp-build__hero kp-no-print">
          <h1>岗位画像与培养方案</h1>
          <p>选择一个岗位模板（或从空白开始）并编辑岗位画像，再选择最多 10 个相关岗位，即可生成培养方案。</p>
        </header>
        <section className="kp-build__step kp-no-print" aria-labelledby="kp-step-1">
          <h2 id="kp-step-1">1. 选择岗位模板</h2>
          <TemplateChooser current={templateKey} onPick={start} />
        </section>
        {templateKey === null ? null : (
          <>
            <section className="kp-build__step kp-no-print" aria-labelledby="kp-step-2">
              <h2 id="kp-step-2">2. 编辑岗位画像</h2>
              <ProfileEditor profile={profile} onChange={setProfile} />
            </section>
            <section className="kp-build__step kp-no-print" aria-labelledby="kp-step-3">
              <h2 id="kp-step-3">3. 选择相关岗位，生成培养方案</h2>
              <RelatedPicker excludeKey={templateKey} related={related} onToggle={toggleRelated} />
              <div className="kp-build__actions">
                <Button type="primary" disabled={related.length === 0} onClick={() => showPlan(true)}>
                  生成培养方案
                </Button>
                <Button onClick={reset}>重新开始</Button>
              </div>
            </section>
          </>
        )}
        {plan ? <TrainingPlanView plan={plan} profileName={profile.name} /> : null}
      </div>
    </PublicLayout>
  );
}
