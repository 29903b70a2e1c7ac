import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { OrganizationCard } from './organization-card';

const api = vi.hoisted(() => ({
  fetchOrganization: vi.fn(),
  updateOrganization: vi.fn(),
}));
vi.mock('../api', () => ({
  ...api,
  accountKeys: { organization: ['account', 'organization'] },
}));
vi.mock('../session-sync', () => ({ refreshSessionUser: vi.fn(() => Promise.resolve()) }));

const ORG = {
  organizationId: 1,
  organizationName: '示例科技有限公司',
  organizationLogoUrl: null,
  kind: 'enterprise',
  kindName: '企业',
  createdAt: Date.UTC(2026, 0, 1),
  staffCount: 6,
  departmentCount: 3,
  editable: true,
  autoApproveAuditorQuestions: true,
};

function renderCard() {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <OrganizationCard />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.clearAllMocks());

describe('OrganizationCard: 审核人员录入的试题免审核', () => {
  it('lets an administrator switch it off, saving only that setting', async () => {
    api.fetchOrganization.mockResolvedValue(ORG);
    api.updateOrganization.mockResolvedValue({ ...ORG, autoApproveAuditorQuestions: false });
    renderCard();
    const setting = await screen.findByRole('switch', { name: '审核人员录入的试题免审核' });
    expect(setting).toBeChecked();
    fireEvent.click(setting);
    await waitFor(() =>
      expect(api.updateOrganization).toHaveBeenCalledWith({ autoApproveAuditorQuestions: false }),
    );
    await waitFor(() => expect(setting).not.toBeChecked());
  });

  it('shows it read-only to everyone else', async () => {
    api.fetchOrganization.mockResolvedValue({ ...ORG, editable: false, autoApproveAuditorQuestions: false });
    renderCard();
    const setting = await screen.findByRole('switch', { name: '审核人员录入的试题免审核' });
    expect(setting).not.toBeChecked();
    expect(setting).toBeDisabled();
    fireEvent.click(setting);
    expect(api.updateOrganization).not.toHaveBeenCalled();
  });
});
