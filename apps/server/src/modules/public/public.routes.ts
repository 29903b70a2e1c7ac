import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { EDITIONS } from '@kaopei/shared';
import type { Config } from '../../config';
import { ok } from '../../core/http';

/** Branding and client settings the web app needs before sign-in; one build serves every edition. */
export function publicConfig(config: Config) {
  const edition = EDITIONS[config.edition];
  return {
    edition: config.edition,
    displayName: edition.displayName,
    slogan: edition.slogan,
    logo: edition.logo,
    favicon: edition.favicon,
    pageTitle: edition.pageTitle,
    primaryColor: edition.primaryColor,
    homePath: edition.homePath,
    hideModeSwitch: config.hideModeSwitch,
    oauthClientId: config.oauthClientId,
    // The web app is a public client: this value is not a secret once it ships to browsers.
    oauthClientSecret: config.oauthClientSecret,
    requireEncryptedPassword: config.requireEncryptedPassword,
    demo: config.seedDemo,
  };
}

export const publicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/health', { config: { public: true }, schema: { hide: true } }, async () => {
    await app.deps.db.execute(sql`select 1`);
    return { status: 'ok' };
  });

  app.get(
    '/api/public/config',
    { config: { public: true }, schema: { tags: ['公共'], summary: '版本与品牌配置' } },
    async () => ok(publicConfig(app.deps.config)),
  );
};
