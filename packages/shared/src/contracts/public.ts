/** What the web app needs before sign-in, and the health probe. */
import { z } from 'zod';
import { EDITION_KEYS, type Edition } from '../editions';
import { endpoint, envelopeOf } from './common';

const editionKey = z.enum(
  Object.fromEntries(EDITION_KEYS.map((key) => [key, key])) as Record<Edition, Edition>,
);

/** Branding and client settings; one build serves every edition. */
export const publicConfig = z.object({
  edition: editionKey,
  displayName: z.string(),
  slogan: z.string(),
  logo: z.string(),
  favicon: z.string(),
  pageTitle: z.string(),
  primaryColor: z.string(),
  homePath: z.enum(['/home', '/college']),
  hideModeSwitch: z.boolean(),
  oauthClientId: z.string(),
  // The web app is a public client: this value is not a secret once it ships to browsers.
  oauthClientSecret: z.string(),
  requireEncryptedPassword: z.boolean(),
  /** Demo data is seeded (the sign-in page offers the demo accounts). */
  demo: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfig>;

export const publicContracts = {
  health: endpoint({
    method: 'GET',
    path: '/api/health',
    tag: '公共',
    summary: '健康检查：数据库可用时回答 {"status":"ok"}（不是统一响应包）',
    access: 'public',
    response: 'raw',
  }),
  config: endpoint({
    method: 'GET',
    path: '/api/public/config',
    tag: '公共',
    summary: '版本与品牌配置',
    access: 'public',
    response: envelopeOf(publicConfig),
  }),
};
