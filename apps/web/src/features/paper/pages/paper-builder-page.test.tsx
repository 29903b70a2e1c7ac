import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as PaperApi from '../api';
import type { PickRow } from '../api';

vi.mock('../api', async (importOriginal) => {
  const original = await importOriginal<typeof PaperApi>();
  return {
    ...original,
    searchNotSelected: vi.fn(),
    savePaper: vi.fn(),
    createPaper: vi.fn(),
    modifyPoints: vi.fn(),
    fetchPaper: vi.fn(),
  };
});
vi.mock('../../paper-bank/api', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  fetchBanksByCategory: vi.fn().mockResolvedValue([]),
}));
vi.mock('../../question-bank/api', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  fetchSimpleBanks: vi.fn().mockResolvedValue([]),
}));
vi.mock('../../question/api', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  fetchQuestionTags: vi.fn().mockResolvedValue([]),
}));
vi.mock('../../knowledge/api', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  fetchKnowledgeTree: vi.fn().mockResolvedValue([]),
}));

import { savePaper, searchNotSelected } from '../api';
import PaperBuilderPage from './paper-builder-page';

const row = (id: number, type: number, typeLabel: string): PickRow => ({
  id,
  questionId: id,
  questionType: type,
  type,
  typeLabel,
  stem: `<p>题目${id}</p>`,
  stemText: `题目${id}`,
  options: null,
  answer: null,
  analysis: null,
  difficulty: 3,
  bankId: 1,
  bankName: '安全题库',
  points: 10,
  isPublic: false,
});

const POOL = [row(1, 1, '单选题'), row(2, 1, '单选题'), row(3, 0, '判断题')];

function renderBuilder() {
  const router = createMemoryRouter(
    [
      { path: '/manage/paper/manual', Component: PaperBuilderPage },
      { path: '/manage/paper/editor', element: <div>editor</div> },
    ],
    { initialEntries: ['/manage/paper/manual'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  );
  return router;
}

function outline() {
  return within(screen.getByTestId('paper-outline'));
}

async function pick(id: number) {
  const picker = within(screen.getByTestId('question-picker'));
  const button = await picker.findByRole('button', { name: `选择 题目${id}` });
  fireEvent.click(button);
}

describe('PaperBuilder', () => {
  beforeEach(() => {
    // The server leaves out the ids sent as selectedIds.
    vi.mocked(searchNotSelected).mockImplementation((filter) => {
      const hidden = new Set(filter.selectedIds ?? []);
      const rows = POOL.filter((q) => !hidden.has(q.questionId));
      return Promise.resolve({ data: rows, total: rows.length });
    });
  });
  afterEach(() => vi.clearAllMocks());

  it('follows the §4 rules: first pick makes a default section, classify-by-type groups, picking again deselects', async () => {
    renderBuilder();
    await pick(1);
    expect(outline().getByTestId('section-默认大题')).toBeInTheDocument();
    expect(outline().getByTestId('paper-question-1')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('switch', { name: '按题型分类' }));
    await pick(3);
    expect(outline().getByTestId('section-判断题')).toHaveTextContent('题目3');
    await pick(2);
    expect(outline().getByTestId('section-单选题')).toHaveTextContent('题目2');
    expect(outline().getByTestId('section-默认大题')).toHaveTextContent('题目1');

    // Show picked questions too: picking one again takes it out of the paper.
    fireEvent.click(screen.getByRole('checkbox', { name: '只看未选试题' }));
    const again = await within(screen.getByTestId('question-picker')).findByRole('button', {
      name: '取消选择 题目3',
    });
    fireEvent.click(again);
    expect(outline().queryByTestId('paper-question-3')).not.toBeInTheDocument();
    expect(screen.getByTestId('paper-stats')).toHaveTextContent('总分20.0分');
  }, 90_000);

  it('updates the total as points change and saves sections with their points', async () => {
    vi.mocked(savePaper).mockImplementation((input) =>
      Promise.resolve({
        paperId: 42,
        name: input.name,
        status: 1,
        settings: input.settings ?? {},
        sectionVOS: [],
      } as unknown as PaperApi.PaperDetail),
    );
    const router = renderBuilder();
    await pick(1);
    await pick(2);
    const points = outline().getByRole('spinbutton', { name: '第 2 题分值' });
    fireEvent.change(points, { target: { value: '5' } });
    await waitFor(() => expect(screen.getByTestId('paper-stats')).toHaveTextContent('总分15.0分'));
    expect(screen.getByTestId('builder-state')).toHaveTextContent('有未保存的修改');

    fireEvent.change(screen.getByRole('textbox', { name: '试卷名称' }), { target: { value: '安全考试' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    });
    await waitFor(() => expect(savePaper).toHaveBeenCalledTimes(1));
    expect(vi.mocked(savePaper).mock.calls[0]?.[0]).toMatchObject({
      name: '安全考试',
      status: 'saved',
      settings: { classifyByType: false },
      sectionVOS: [
        {
          name: '默认大题',
          questionVOS: [
            { questionId: 1, points: 10 },
            { questionId: 2, points: 5 },
          ],
        },
      ],
    });
    // The first save moves to the saved paper's editor without asking to leave.
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage/paper/editor'));
    expect(router.state.location.search).toBe('?paperId=42');
  }, 90_000);
});
