import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../api', () => ({
  fetchPublicKey: vi.fn(),
  requestPasswordToken: vi.fn(),
  fetchUserDetail: vi.fn(),
  fetchMenuTree: vi.fn(),
  sendSmsCode: vi.fn(),
}));

import { AppConfigContext } from '../../../app/app-config-context';
import { DEFAULT_CONFIG } from '../../../app/config';
import { REDIRECT_KEY, STORAGE_KEYS } from '../../../lib/storage';
import { useSessionStore } from '../../../stores/session-store';
import { fetchMenuTree, fetchPublicKey, fetchUserDetail, requestPasswordToken } from '../api';
import LoginPage from './login-page';

async function renderLogin(demo = false) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '*', element: <div>目标页</div> },
    ],
    { initialEntries: ['/login'] },
  );
  await act(async () => {
    render(
      <AppConfigContext value={{ ...DEFAULT_CONFIG, demo }}>
        <RouterProvider router={router} />
      </AppConfigContext>,
    );
  });
  return router;
}

function fillAccountForm(username: string, password: string) {
  fireEvent.change(screen.getByLabelText('账号'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('密码'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: '登 录' }));
}

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  useSessionStore.getState().reload();
  vi.mocked(fetchPublicKey).mockRejectedValue(new Error('no key'));
  vi.mocked(requestPasswordToken).mockReset();
});

describe('LoginPage', () => {
  it('shows both tabs and hides the demo hint unless configured', async () => {
    await renderLogin();
    expect(screen.getByRole('tab', { name: '账号密码登录' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '验证码登录' })).toBeInTheDocument();
    expect(screen.queryByTestId('demo-hint')).toBeNull();
  });

  it('shows the demo hint when the config says demo', async () => {
    await renderLogin(true);
    expect(screen.getByTestId('demo-hint')).toHaveTextContent('Kaopei@2024');
  });

  it("shows the server's error_description in the form", async () => {
    vi.mocked(requestPasswordToken).mockRejectedValue({
      error: 'invalid_grant',
      error_description: '用户名或密码错误',
    });
    await renderLogin();
    fillAccountForm('admin', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('用户名或密码错误');
    expect(requestPasswordToken).toHaveBeenCalledWith({ username: 'admin', password: 'wrong' });
  });

  it('stores the session and goes to the remembered page', async () => {
    window.sessionStorage.setItem(REDIRECT_KEY, '/manage/version');
    vi.mocked(requestPasswordToken).mockResolvedValue({
      access_token: 'a',
      refresh_token: 'r',
      token_type: 'bearer',
      expires_in: 3600,
      scope: 'all',
    });
    vi.mocked(fetchUserDetail).mockResolvedValue({
      userId: 1,
      account: 'admin',
      realName: '管理员',
      gender: null,
      phone: null,
      email: null,
      jobNumber: null,
      avatarUrl: null,
      isAdmin: true,
      kind: 'member',
      organizationId: 1,
      organizationName: '示例科技',
      organizationLogoUrl: null,
      organizationKind: 'enterprise',
      departmentId: null,
      departmentName: null,
      roles: [],
      permission: 0,
    });
    vi.mocked(fetchMenuTree).mockResolvedValue([
      { id: 1, name: '控制台', icon: null, url: '/manage/console', modes: [], children: [] },
    ]);
    const router = await renderLogin();
    fillAccountForm('admin', 'Kaopei@2024');
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage/version'));
    expect(window.localStorage.getItem(STORAGE_KEYS.auth)).toContain('"access_token":"a"');
    expect(window.localStorage.getItem(STORAGE_KEYS.menuInfo)).toContain('/manage/console');
    expect(window.sessionStorage.getItem(REDIRECT_KEY)).toBeNull();
  });

  it('sends type 7 with the SMS code after 短信验证', async () => {
    vi.mocked(requestPasswordToken).mockRejectedValue({
      error: 'invalid_grant',
      error_description: '验证码错误',
    });
    await renderLogin();
    fireEvent.click(screen.getByRole('button', { name: '短信验证' }));
    fireEvent.change(screen.getByPlaceholderText('短信验证码'), { target: { value: '123456' } });
    fillAccountForm('admin', 'Kaopei@2024');
    expect(await screen.findByRole('alert')).toHaveTextContent('验证码错误');
    expect(requestPasswordToken).toHaveBeenCalledWith(
      expect.objectContaining({ username: 'admin', code: '123456', type: 7 }),
    );
  });

  it('moves between the tabs with the arrow keys, one tab stop, only the active panel rendered', async () => {
    await renderLogin();
    const account = screen.getByRole('tab', { name: '账号密码登录' });
    const sms = screen.getByRole('tab', { name: '验证码登录' });
    expect(account).toHaveAttribute('aria-selected', 'true');
    expect(account).toHaveAttribute('tabindex', '0');
    expect(sms).toHaveAttribute('tabindex', '-1');
    fireEvent.keyDown(account, { key: 'ArrowRight' });
    expect(sms).toHaveAttribute('aria-selected', 'true');
    expect(sms).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: '验证码登录' })).toContainElement(
      screen.getByLabelText('手机号'),
    );
    expect(screen.queryByLabelText('账号')).toBeNull();
    fireEvent.keyDown(sms, { key: 'ArrowRight' });
    expect(account).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(account, { key: 'End' });
    expect(sms).toHaveAttribute('aria-selected', 'true');
  });

  it('refuses an empty form with messages under the fields and focuses the first', async () => {
    await renderLogin();
    fireEvent.click(screen.getByRole('button', { name: '登 录' }));
    const username = screen.getByLabelText('账号');
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(username).toHaveAccessibleDescription('请输入账号');
    expect(screen.getByLabelText('密码')).toHaveAccessibleDescription('请输入密码');
    expect(username).toHaveFocus();
    expect(requestPasswordToken).not.toHaveBeenCalled();
    fireEvent.change(username, { target: { value: 'admin' } });
    expect(username).not.toHaveAttribute('aria-invalid');
  });

  it('checks the phone number before sending an SMS sign-in', async () => {
    await renderLogin();
    fireEvent.click(screen.getByRole('tab', { name: '验证码登录' }));
    fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '1380000' } });
    fireEvent.change(screen.getByLabelText('验证码'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: '登 录' }));
    expect(screen.getByLabelText('手机号')).toHaveAccessibleDescription('请输入正确的 11 位手机号');
    expect(requestPasswordToken).not.toHaveBeenCalled();
  });
});
