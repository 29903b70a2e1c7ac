import { useMutation } from '@tanstack/react-query';
import { postPublicContracts as c, type PortrayalLink } from '@kaopei/shared/contracts/post-public';
import { call } from '../../lib/api';

/** Public position pages and talent-portrait links (contracts: packages/shared/src/contracts/post-public.ts). */

export type {
  Portrayal,
  PortrayalAbility,
  PortrayalExam,
  PortrayalLink,
  PortrayalMaterial,
  PublicPosition,
} from '@kaopei/shared/contracts/post-public';
export {
  PORTRAYAL_DEFAULT_HOURS,
  PORTRAYAL_MAX_HOURS,
  PORTRAYAL_MIN_HOURS,
} from '@kaopei/shared/contracts/post-public';

export const postPublicKeys = {
  position: (token: string) => ['post-public', 'position', token] as const,
  portrayal: (token: string) => ['post-public', 'portrayal', token] as const,
};

/** Silent: the page shows its own message for an unknown or revoked link, not a toast beside it. */
export function fetchPublicPosition(token: string) {
  return call(c.position, { query: { token } }, { kpSilent: true });
}

/** Silent for the same reason: an expired or tampered link is the page's own message (链接已失效). */
export function fetchPortrayal(token: string) {
  return call(c.portrayal, { query: { token } }, { kpSilent: true });
}

export function createPortrayalLink(userId: number, expiresInHours: number): Promise<PortrayalLink> {
  return call(c.sharePortrayal, { body: { userId, expiresInHours } });
}

/**
 * Creates a signed, expiring link to one person's talent portrait (/frame/portrayal?token=…); for the
 * person–post matching pages. `mutate({ userId, expiresInHours })`; the result holds `url` and `expiresAt`.
 */
export function usePortrayalShareLink() {
  return useMutation({
    mutationFn: ({ userId, expiresInHours }: { userId: number; expiresInHours: number }) =>
      createPortrayalLink(userId, expiresInHours),
  });
}
