import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EDITIONS } from '@kaopei/shared';
import type { Config } from '../../config';
import { publicContracts, type PublicConfig } from '@kaopei/shared/contracts/public';
import { ok } from '../../core/http';
import { routes } from '../../core/route';
import { pingDatabase } from './public.repo';

/** Branding and client settings the web app needs before sign-in; one build serves every edition. */
export function publicConfig(config: Config): PublicConfig {
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
  routes(app, publicContracts, {
    health: async () => {
      await pingDatabase(app.deps.db);
      return { status: 'ok' };
    },
    config: async () => ok(publicConfig(app.deps.config)),
  });
};
