import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { PostModel } from '@kaopei/shared/contracts/ability';
import { PostModelEditor } from './post-model-editor';

const levels = ['入门', '初级', '中级', '高级', '专家'].map((name, index) => ({
  level: index + 1,
  name,
  behaviour: `行为 ${index + 1}`,
}));
const model: PostModel = {
  postId: 7,
  postName: '测试岗位',
  totalWeight: 100,
  items: [
    {
      abilityId: 1,
      name: '沟通表达',
      dimensionId: 1,
      dimensionName: '通用素质',
      requiredLevel: 3,
      weight: 60,
      levels,
    },
    {
      abilityId: 2,
      name: '团队协作',
      dimensionId: 1,
      dimensionName: '通用素质',
      requiredLevel: 2,
      weight: 40,
      levels,
    },
  ],
};

const api = vi.hoisted(() => ({
  fetchPostModel: vi.fn(),
  fetchAbilityOptions: vi.fn(),
  savePostModel: vi.fn(),
}));
vi.mock('../api', () => ({
  ...api,
  abilityKeys: {
    all: ['ability'],
    options: ['ability', 'options'],
    model: (id: number) => ['ability', 'model', id],
  },
}));
vi.mock('../../post/api', () => ({
  postKeys: { simple: ['posts', 'simple'] },
  fetchPostOptions: () => Promise.resolve([{ postId: 7, postName: '测试岗位', familyId: null }]),
}));

describe('PostModelEditor', () => {
  it('opens the post of ?postId=, shows the running total and refuses to save until it is 100', async () => {
    api.fetchPostModel.mockResolvedValue(model);
    api.fetchAbilityOptions.mockResolvedValue([]);
    api.savePostModel.mockResolvedValue(model);
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/manage/post/ability?postId=7']}>
          <PostModelEditor />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const weight = await screen.findByLabelText('团队协作的权重');
    expect(api.fetchPostModel).toHaveBeenCalledWith(7);
    expect(screen.getByText('权重合计：100%')).toBeInTheDocument();
    expect(screen.getByText('行为 3')).toBeInTheDocument();

    await userEvent.clear(weight);
    await userEvent.type(weight, '30');
    expect(await screen.findByText('权重合计：90%')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('能力权重合计必须为 100%，当前为 90%');
    expect(screen.getByRole('button', { name: /保存模型/ })).toBeDisabled();

    await userEvent.clear(weight);
    await userEvent.type(weight, '40');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: /保存模型/ }));
    await waitFor(() =>
      expect(api.savePostModel).toHaveBeenCalledWith(7, [
        { abilityId: 1, requiredLevel: 3, weight: 60 },
        { abilityId: 2, requiredLevel: 2, weight: 40 },
      ]),
    );
  });
});
