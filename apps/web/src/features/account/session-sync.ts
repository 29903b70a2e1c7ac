import type { QueryClient } from '@tanstack/react-query';
import { useSessionStore } from '../../stores/session-store';
import { accountKeys, fetchAccountDetail, type AccountDetail } from './api';

/** Key under which the /manage layout caches the signed-in user (see app/layout/manage-layout). */
const SESSION_DETAIL_KEY = ['session', 'detail'] as const;

/**
 * Reloads the signed-in user after an edit and stores it, so the top bar shows the new name, avatar,
 * organisation name and logo at once.
 */
export async function refreshSessionUser(queryClient: QueryClient): Promise<AccountDetail> {
  const detail = await fetchAccountDetail();
  useSessionStore.getState().setUserInfo(detail);
  queryClient.setQueryData(SESSION_DETAIL_KEY, detail);
  queryClient.setQueryData(accountKeys.detail, detail);
  return detail;
}
