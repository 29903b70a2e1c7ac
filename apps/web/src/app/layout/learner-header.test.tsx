import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LearnerTabs } from './learner-header';

function renderTabs(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <LearnerTabs /> }], { initialEntries: [path] });
  return render(<RouterProvider router={router} />);
}

describe('LearnerTabs', () => {
  it('reaches 内部招聘 (/m/recruit) and marks it as the current area there only', () => {
    renderTabs('/m/recruit');
    const recruit = screen.getByRole('link', { name: '内部招聘' });
    expect(recruit.getAttribute('href')).toBe('/m/recruit');
    expect(recruit.getAttribute('aria-current')).toBe('page');
    // /m/recruit is its own area, not one of 我的考试's pages.
    expect(screen.getByRole('link', { name: '我的考试' }).getAttribute('aria-current')).toBeNull();
  });

  it('leaves 内部招聘 unmarked on the exams page', () => {
    renderTabs('/m');
    expect(screen.getByRole('link', { name: '内部招聘' }).getAttribute('aria-current')).toBeNull();
    expect(screen.getByRole('link', { name: '我的考试' }).getAttribute('aria-current')).toBe('page');
  });
});
