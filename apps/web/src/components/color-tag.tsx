import type { ReactNode } from 'react';
import { Tag } from 'antd';
import { readableTextOn } from '@kaopei/shared';

/**
 * A tag in a colour the user chose (system tags on posts, banks, courses, people): the colour as its
 * background, its text black or white, whichever is readable on it (WCAG 2.1 AA).
 */
export function ColorTag({
  color,
  children,
  testId,
}: {
  color: string;
  children: ReactNode;
  testId?: string;
}): ReactNode {
  return (
    <Tag color={color} variant="solid" style={{ color: readableTextOn(color) }} data-testid={testId}>
      {children}
    </Tag>
  );
}
