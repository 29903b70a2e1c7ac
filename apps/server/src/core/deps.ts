import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { MenuService } from '../modules/menu/menu.service';
import type { RsaKeys } from './crypto';
import type { JobRunner } from './jobs';
import type { Judge } from './judge';
import type { Queue } from './queue';
import type { JudgeWorker } from '../modules/judge/judge.worker';
import type { Mailer } from './mailer';
import type { Storage } from './storage';
import type { RateLimiter } from './rate-limiter';
import type { Realtime } from './realtime';
import type { SmsProvider } from './sms';
import type { TokenService } from './tokens';

/** Everything a module needs, built once at start-up and reachable as `app.deps`. */
export interface Deps {
  config: Config;
  database: Database;
  db: Db;
  tokens: TokenService;
  menus: MenuService;
  rateLimiter: RateLimiter;
  sms: SmsProvider;
  rsa: RsaKeys;
  mailer: Mailer;
  storage: Storage;
  jobs: JobRunner;
  /** The one background job queue (queue.ts): retries, periodic jobs, one runner across instances. */
  queue: Queue;
  /** null when code judging is off (JUDGE=off). */
  judge: Judge | null;
  judgeWorker: JudgeWorker;
  /** Live exam monitoring: pub/sub across instances (realtime.ts). */
  realtime: Realtime;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}
