import type { ReactNode } from 'react';
import { ReadOutlined } from '@ant-design/icons';

/** A course's cover, or a plain tile when it has none (decorative: the name is next to it). */
export function CourseCover({
  url,
  className = 'kp-learn-card__cover',
}: {
  url: string | null;
  className?: string;
}): ReactNode {
  if (url) return <img src={url} alt="" className={className} loading="lazy" />;
  return (
    <span className={`${className} kp-learn-card__cover--empty`} aria-hidden="true">
      <ReadOutlined />
    </span>
  );
}
