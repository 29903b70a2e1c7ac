import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PermissionIcons } from './permission-icons';

describe('PermissionIcons', () => {
  it('shows one labelled icon per permission bit of the mask', () => {
    render(<PermissionIcons mask={(1 << 2) | (1 << 4)} />);
    expect(screen.getAllByRole('img', { name: /管理$/ }).map((el) => el.getAttribute('aria-label'))).toEqual([
      '题库管理',
      '考试管理',
    ]);
  });

  it('says 无 for a role without permission bits', () => {
    render(<PermissionIcons mask={0} />);
    expect(screen.getByText('无')).toBeInTheDocument();
  });
});
