import type { ReactNode } from 'react';
import { Button } from 'antd';
import { LinkButton } from '../../../app/link-button';
import { useAppConfig } from '../../../app/app-config-context';
import { useHasSession } from '../../../components/public-layout';

export interface FeatureItem {
  key: string;
  title: string;
  description: string;
  icon: ReactNode;
  points?: readonly string[];
}

/** A responsive grid of feature cards. */
export function FeatureGrid({
  items,
  testId,
}: {
  items: readonly FeatureItem[];
  testId?: string;
}): ReactNode {
  return (
    <div className="kp-feature-grid" data-testid={testId}>
      {items.map((item) => (
        <article key={item.key} className="kp-feature-card">
          <div className="kp-feature-card__icon" aria-hidden="true">
            {item.icon}
          </div>
          <h3 className="kp-feature-card__title">{item.title}</h3>
          <p className="kp-feature-card__desc">{item.description}</p>
          {item.points?.length ? (
            <ul className="kp-feature-card__points">
              {item.points.map((point) => (
                <li key={point}>{point}</li>
              ))}
            </ul>
          ) : null}
        </article>
      ))}
    </div>
  );
}

/** The hero band shared by the home pages. */
export function Hero({
  eyebrow,
  title,
  description,
}: {
  eyebrow: string;
  title: string;
  description: string;
}): ReactNode {
  const config = useAppConfig();
  const signedIn = useHasSession();
  return (
    <section className="kp-hero">
      <div className="kp-hero__text">
        <span className="kp-hero__eyebrow">{eyebrow}</span>
        <h1 className="kp-hero__title">{title}</h1>
        <p className="kp-hero__slogan">{config.slogan}</p>
        <p className="kp-hero__desc">{description}</p>
        <div className="kp-hero__actions">
          {signedIn ? (
            <LinkButton to="/manage" type="primary" size="large">
              进入后台
            </LinkButton>
          ) : (
            <LinkButton to="/login" type="primary" size="large">
              立即登录
            </LinkButton>
          )}
          <Button
            size="large"
            onClick={() => document.getElementById('modes')?.scrollIntoView({ behavior: 'smooth' })}
          >
            了解功能
          </Button>
        </div>
      </div>
      <div className="kp-hero__art" aria-hidden="true">
        <img src={config.logo} alt="" />
      </div>
    </section>
  );
}
