import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { useSessionStore } from '../../../stores/session-store';
import { QuestionPicker } from './question-picker';
import type * as PickerParts from './question-picker-parts';

const searchNotSelected = vi.hoisted(() => vi.fn());
vi.mock('../api', () => ({
  searchNotSelected,
  paperKeys: { picker: (...args: unknown[]) => ['papers', 'picker', ...args] },
}));
// The filter form reads banks, tags and knowledge from the server; the message does not depend on it.
vi.mock('./question-picker-parts', async (importOriginal) => ({
  ...(await importOriginal<typeof PickerParts>()),
  PickerFilters: () => null,
}));

function signIn(isAdmin: boolean, menuUrls: string[]) {
  useSessionStore.setState({
    userInfo: { userId: '1', isAdmin, realName: '测试', organizationName: '组织', organizationLogoUrl: null },
    menuInfo: menuUrls.map((url, index) => ({
      id: index + 1,
      name: url,
      icon: null,
      url,
      modes: [],
      children: [],
    })),
  } as never);
}

function renderPicker() {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <QuestionPicker picked={[]} onPick={() => undefined} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  searchNotSelected.mockReset();
  useSessionStore.setState({ userInfo: null, menuInfo: null } as never);
});

describe('QuestionPicker: questions waiting for audit', () => {
  it('says how many matching questions wait, with a link to the audit page for an auditor', async () => {
    searchNotSelected.mockResolvedValue({ data: [], total: 0, pendingCount: 3 });
    signIn(false, ['/manage/paper/manual', '/manage/question/audit']);
    renderPicker();
    const note = await screen.findByTestId('picker-pending');
    expect(note).toHaveTextContent('另有 3 道试题待审核，审核通过后可选用');
    expect(screen.getByRole('link', { name: '去审核' })).toHaveAttribute('href', '/manage/question/audit');
  });

  it('tells someone who may not audit whom to ask, without a link', async () => {
    searchNotSelected.mockResolvedValue({ data: [], total: 0, pendingCount: 1 });
    signIn(false, ['/manage/paper/manual', '/manage/question/list']);
    renderPicker();
    const note = await screen.findByTestId('picker-pending');
    expect(note).toHaveTextContent('另有 1 道试题待审核，审核通过后可选用，请联系审核人员');
    expect(screen.queryByRole('link', { name: '去审核' })).toBeNull();
  });

  it('links an administrator, whose menu needs no 试题审核 entry', async () => {
    searchNotSelected.mockResolvedValue({ data: [], total: 0, pendingCount: 2 });
    signIn(true, []);
    renderPicker();
    expect(await screen.findByRole('link', { name: '去审核' })).toBeInTheDocument();
  });

  it('says nothing when no matching question waits', async () => {
    searchNotSelected.mockResolvedValue({ data: [], total: 0, pendingCount: 0 });
    signIn(true, []);
    renderPicker();
    await waitFor(() => expect(searchNotSelected).toHaveBeenCalled());
    await screen.findByText('只能选择已审核通过的试题');
    expect(screen.queryByTestId('picker-pending')).toBeNull();
  });
});
