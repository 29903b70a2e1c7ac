import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { parseIpRange } from './core/rate-limiter';

/** The development secret of earlier versions: public, so tokens signed with it are forgeable. */
export const PUBLIC_DEV_JWT_SECRET = 'kaopei-dev-jwt-secret-change-me';
/** Where a secret generated at the first start is kept, in the data directory (mode 0600). */
export const JWT_SECRET_FILE = 'jwt-secret';
const DEFAULT_CLIENT_ID = 'kaopei-web';
const DEFAULT_CLIENT_SECRET = 'kaopei-secret';
const DEFAULT_DEMO_PASSWORD = 'Kaopei@2024';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().default('./data'),
  EXAM_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
  EXAM_AUTO_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(16).optional(),
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(60).default(1800),
  REFRESH_TOKEN_TTL: z.coerce
    .number()
    .int()
    .min(300)
    .default(7 * 24 * 3600),
  OAUTH_CLIENT_ID: z.string().min(1).default(DEFAULT_CLIENT_ID),
  OAUTH_CLIENT_SECRET: z.string().min(1).default(DEFAULT_CLIENT_SECRET),
  DEMO_PASSWORD: z.string().min(8).default(DEFAULT_DEMO_PASSWORD),
  REQUIRE_ENCRYPTED_PASSWORD: bool,
  RSA_PRIVATE_KEY: z.string().optional(),
  EDITION: z.enum(['saas', 'bank', 'engineer', 'career', 'college']).default('saas'),
  HIDE_MODE_SWITCH: bool,
  SMS_PROVIDER: z.enum(['outbox', 'log']).default('outbox'),
  LOGIN_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(10),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  LOGIN_IP_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(300),
  SMS_PHONE_MAX_PER_HOUR: z.coerce.number().int().min(1).default(10),
  SMS_IP_MAX_PER_HOUR: z.coerce.number().int().min(1).default(200),
  RATE_LIMIT_ALLOW_IPS: z
    .string()
    .optional()
    .refine(
      (v) => (v ?? '').split(',').every((entry) => entry.trim() === '' || parseIpRange(entry) !== undefined),
      'RATE_LIMIT_ALLOW_IPS 只能是逗号分隔的 IP 地址或 CIDR 网段',
    ),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(2 * 1024 * 1024),
  CORS_ORIGINS: z.string().optional(),
  TRUST_PROXY: bool,
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  EVENT_LOOP_WARN_MS: z.coerce.number().int().min(0).default(200),
  SEED_DEMO: z.enum(['auto', 'true', 'false']).default('auto'),
  ORG_APPROVAL: z.enum(['auto', 'manual']).default('auto'),
  PUBLIC_URL: z.string().url().optional(),
  LIVE_RTMP_PORT: z.coerce.number().int().min(1).max(65535).default(1935),
  LIVE_RTMP_URL: z
    .string()
    .regex(/^rtmps?:\/\/[^\s]+$/, 'LIVE_RTMP_URL 必须是 rtmp:// 地址')
    .optional(),
  LIVE_CALLBACK_SECRET: z.string().min(16).optional(),
  PAYMENT_PROVIDER: z.enum(['dev', 'off']).optional(),
  PAYMENT_SECRET: z.string().min(16).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('考培 <no-reply@kaopei.local>'),
  PLATFORM_ADMIN_PASSWORD: z.string().min(8).optional(),
  JUDGE: z.enum(['local', 'judge0', 'off']).optional(),
  ICE_SERVERS: z
    .string()
    .refine(isIceServersJson, 'ICE_SERVERS 必须是 RTCIceServer 的 JSON 数组，如 [{"urls":"stun:host:3478"}]')
    .optional(),
  JUDGE_URL: z.string().url().optional(),
  JUDGE_TOKEN: z.string().optional(),
  JUDGE_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  JUDGE_POLL_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  JUDGE_WORK_DIR_MB: z.coerce.number().int().min(8).max(4096).default(64),
  QUEUE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'QUEUE_SCHEMA 只能包含小写字母、数字和下划线')
    .default('pgboss'),
  QUEUE_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(1),
  QUEUE_WORK: z.enum(['true', 'false']).default('true'),
  IMPORT_MAX_UNZIPPED_MB: z.coerce.number().int().min(1).max(1024).default(50),
  IMPORT_MAX_ZIP_RATIO: z.coerce.number().int().min(2).max(10_000).default(100),
  API_DOCS: z.enum(['true', 'false', '1', '0']).optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_FORCE_PATH_STYLE: bool,
  CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
  PRINT_BASE_URL: z.string().url().optional(),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl?: string;
  databasePoolSize: number;
  redisUrl?: string;
  jwtSecret: string;
  /** Where jwtSecret came from: the environment, or the file generated in the data directory. */
  jwtSecretSource: 'env' | 'file';
  accessTokenTtl: number;
  refreshTokenTtl: number;
  oauthClientId: string;
  oauthClientSecret: string;
  demoPassword: string;
  requireEncryptedPassword: boolean;
  rsaPrivateKey?: string;
  edition: 'saas' | 'bank' | 'engineer' | 'career' | 'college';
  hideModeSwitch: boolean;
  smsProvider: 'outbox' | 'log';
  loginMaxAttempts: number;
  loginWindowSeconds: number;
  /** Failed sign-ins per IP address per login window (all accounts together). */
  loginIpMaxAttempts: number;
  /** SMS codes per phone number per hour (all purposes together). */
  smsPhoneMaxPerHour: number;
  /** SMS codes per IP address per hour. */
  smsIpMaxPerHour: number;
  /** Addresses and CIDR ranges that per-IP limits never apply to (per-account limits still do). */
  rateLimitAllowIps: string[];
  bodyLimit: number;
  corsOrigins: string[];
  trustProxy: boolean;
  webDist?: string;
  logLevel: string;
  /** A second in which the event loop is held up this long (ms) is logged as a warning; 0: never. */
  eventLoopWarnMs: number;
  seedDemo: boolean;
  orgApproval: 'auto' | 'manual';
  /** Base URL of the web app, for links in e-mails. */
  publicUrl: string;
  /** PDF export of analysis reports (modules/analysis-report): the Chromium that prints the web app's print
   * route, and where that Chromium reaches this server (default http://127.0.0.1:PORT). */
  chromiumPath: string;
  printBaseUrl: string;
  /** Payments of the store (modules/shop): the provider adapter and the secret its callbacks are signed with. */
  payment: { provider: 'dev' | 'off'; secret?: string };
  /** Live classes (modules/live): the RTMP ingest of nginx-rtmp (scripts/live-server.mjs) and its callbacks. */
  live: {
    rtmpPort: number;
    /** The push address shown to teachers (OBS 服务器), without the stream key. */
    rtmpUrl: string;
    /** Secret of nginx-rtmp's callback URLs (default: derived from the JWT secret). */
    callbackSecret?: string;
    /** Where nginx-rtmp writes HLS (hls/<key>/index.m3u8) and recordings (rec/<key>-<time>.flv). */
    dir: string;
  };
  /** How often each instance closes exam attempts past their deadline. */
  examSweepSeconds: number;
  /** How often each instance creates and publishes the exams of due automatic-exam rules. */
  examAutoSeconds: number;
  /** nodemailer SMTP connection URL; without it mail goes to the outbox (dev) or nowhere (production). */
  smtpUrl?: string;
  mailFrom: string;
  /** Creates/updates the platform administrator `platform` at start when set. */
  platformAdminPassword?: string;
  /** Video interviews: RTCPeerConnection's iceServers (ICE_SERVERS, JSON); none: host candidates only. */
  iceServers: IceServer[];
  /** Code judging: 'local' sandbox, a Judge0-compatible service at judgeUrl, or 'off' (markers grade code). */
  judge: 'local' | 'judge0' | 'off';
  judgeUrl?: string;
  /** Sent as X-Auth-Token to the Judge0 service. */
  judgeToken?: string;
  /** Judge jobs each instance runs at once. */
  judgeConcurrency: number;
  /** How often judge jobs queued with a closing attempt are handed to the job queue; 0: never (tests drain). */
  judgePollMs: number;
  /** Size of a judged program's work directory (a tmpfs, counted in its memory), MB. */
  judgeWorkDirMb: number;
  /** The PostgreSQL schema of the job queue's tables (core/queue.ts). */
  queueSchema: string;
  /** How often an idle queue worker looks for jobs. */
  queuePollSeconds: number;
  /** Whether this instance works the job queue in the background (integration tests drain it by hand). */
  queueWork: boolean;
  /** An imported .xlsx may inflate to at most this many MB (its zip's central directory, before parsing). */
  importMaxUnzippedMb: number;
  /** …and to at most this many times its own size (checked above 1 MB inflated). */
  importMaxZipRatio: number;
  /** Serve the OpenAPI description and its UI at /api/docs (default: on, except in production). */
  apiDocs: boolean;
  /** An S3-compatible object store for uploaded files (all of S3_ENDPOINT, _BUCKET, _ACCESS_KEY_ID, _SECRET_ACCESS_KEY set); else local disk. */
  s3?: S3Config;
}

export interface IceServer {
  urls: string | string[];
  username?: string;
  credential?: string;
}

/** ICE_SERVERS: a JSON array of {urls, username?, credential?} with stun:/turn:/turns: addresses. */
export function isIceServersJson(text: string): boolean {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return false;
  }
  const isUrl = (url: unknown) => typeof url === 'string' && /^(stun|turns?):\S+$/.test(url);
  return (
    Array.isArray(value) &&
    value.every((server: unknown) => {
      if (!server || typeof server !== 'object') return false;
      const { urls, username, credential } = server as Record<string, unknown>;
      const urlsOk = Array.isArray(urls) ? urls.length > 0 && urls.every(isUrl) : isUrl(urls);
      return (
        urlsOk &&
        ['string', 'undefined'].includes(typeof username) &&
        ['string', 'undefined'].includes(typeof credential)
      );
    })
  );
}

export interface S3Config {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** Bucket in the path (MinIO, s3rver) rather than in the host name. */
  forcePathStyle: boolean;
}

export class ConfigError extends Error {}

/** Reads and validates the environment; throws ConfigError with every problem listed. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const config: Config = {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    redisUrl: e.REDIS_URL,
    // Filled below: JWT_SECRET, or the data directory's generated secret outside production.
    jwtSecret: e.JWT_SECRET ?? '',
    jwtSecretSource: e.JWT_SECRET ? 'env' : 'file',
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    refreshTokenTtl: e.REFRESH_TOKEN_TTL,
    oauthClientId: e.OAUTH_CLIENT_ID,
    oauthClientSecret: e.OAUTH_CLIENT_SECRET,
    demoPassword: e.DEMO_PASSWORD,
    requireEncryptedPassword: e.REQUIRE_ENCRYPTED_PASSWORD,
    rsaPrivateKey: e.RSA_PRIVATE_KEY,
    edition: e.EDITION,
    hideModeSwitch: e.HIDE_MODE_SWITCH,
    smsProvider: e.SMS_PROVIDER,
    loginMaxAttempts: e.LOGIN_MAX_ATTEMPTS,
    loginWindowSeconds: e.LOGIN_WINDOW_SECONDS,
    loginIpMaxAttempts: e.LOGIN_IP_MAX_ATTEMPTS,
    smsPhoneMaxPerHour: e.SMS_PHONE_MAX_PER_HOUR,
    smsIpMaxPerHour: e.SMS_IP_MAX_PER_HOUR,
    rateLimitAllowIps: (e.RATE_LIMIT_ALLOW_IPS ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
    bodyLimit: e.BODY_LIMIT_BYTES,
    corsOrigins: e.CORS_ORIGINS
      ? e.CORS_ORIGINS.split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : [],
    trustProxy: e.TRUST_PROXY,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : undefined,
    logLevel: e.LOG_LEVEL,
    eventLoopWarnMs: e.EVENT_LOOP_WARN_MS,
    seedDemo: e.SEED_DEMO === 'auto' ? e.NODE_ENV !== 'production' : e.SEED_DEMO === 'true',
    orgApproval: e.ORG_APPROVAL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    chromiumPath: e.CHROMIUM_PATH,
    printBaseUrl: (e.PRINT_BASE_URL ?? `http://127.0.0.1:${e.PORT}`).replace(/\/$/, ''),
    live: {
      rtmpPort: e.LIVE_RTMP_PORT,
      rtmpUrl: (
        e.LIVE_RTMP_URL ??
        `rtmp://${new URL(e.PUBLIC_URL ?? 'http://localhost').hostname}:${e.LIVE_RTMP_PORT}/live`
      ).replace(/\/$/, ''),
      callbackSecret: e.LIVE_CALLBACK_SECRET,
      dir: path.join(path.resolve(e.DATA_DIR), 'live'),
    },
    payment: {
      provider: e.PAYMENT_PROVIDER ?? (e.NODE_ENV === 'production' ? 'off' : 'dev'),
      secret: e.PAYMENT_SECRET,
    },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    platformAdminPassword: e.PLATFORM_ADMIN_PASSWORD,
    examSweepSeconds: e.EXAM_SWEEP_SECONDS,
    examAutoSeconds: e.EXAM_AUTO_SECONDS,
    iceServers: e.ICE_SERVERS ? (JSON.parse(e.ICE_SERVERS) as IceServer[]) : [],
    judge: e.JUDGE ?? (e.JUDGE_URL ? 'judge0' : 'local'),
    judgeUrl: e.JUDGE_URL,
    judgeToken: e.JUDGE_TOKEN,
    judgeConcurrency: e.JUDGE_CONCURRENCY,
    judgePollMs: e.JUDGE_POLL_MS,
    judgeWorkDirMb: e.JUDGE_WORK_DIR_MB,
    queueSchema: e.QUEUE_SCHEMA,
    queuePollSeconds: e.QUEUE_POLL_SECONDS,
    queueWork: e.QUEUE_WORK === 'true',
    importMaxUnzippedMb: e.IMPORT_MAX_UNZIPPED_MB,
    importMaxZipRatio: e.IMPORT_MAX_ZIP_RATIO,
    apiDocs:
      e.API_DOCS === undefined ? e.NODE_ENV !== 'production' : e.API_DOCS === 'true' || e.API_DOCS === '1',
  };
  const s3Values = [e.S3_ENDPOINT, e.S3_BUCKET, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY];
  if (s3Values.every(Boolean))
    config.s3 = {
      endpoint: e.S3_ENDPOINT!,
      bucket: e.S3_BUCKET!,
      accessKeyId: e.S3_ACCESS_KEY_ID!,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
      region: e.S3_REGION,
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
    };
  else if (s3Values.some(Boolean))
    throw new ConfigError(
      'Invalid configuration: S3 storage needs all of S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
    );
  if (config.judge === 'judge0' && !config.judgeUrl)
    throw new ConfigError('Invalid configuration: JUDGE=judge0 needs JUDGE_URL');
  if (config.env === 'production') {
    const defaults: string[] = [];
    if (!e.JWT_SECRET || e.JWT_SECRET === PUBLIC_DEV_JWT_SECRET) defaults.push('JWT_SECRET');
    if (config.oauthClientSecret === DEFAULT_CLIENT_SECRET) defaults.push('OAUTH_CLIENT_SECRET');
    if (defaults.length > 0) {
      throw new ConfigError(`Refusing to start in production with default secrets: ${defaults.join(', ')}`);
    }
    // The outbox would expose SMS codes; production needs a real provider.
    if (config.smsProvider === 'outbox') config.smsProvider = 'log';
    config.seedDemo = false;
  } else if (!e.JWT_SECRET) {
    config.jwtSecret = readOrCreateSecret(path.join(config.dataDir, JWT_SECRET_FILE));
  }
  return config;
}

/**
 * The secret kept in `file`, made on the first call: 32 random bytes, written once with mode 0600 (two
 * processes starting together end up with the same secret).
 */
export function readOrCreateSecret(file: string): string {
  const existing = readSecret(file);
  if (existing) return existing;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // Written aside, then linked into place: the link fails if another process got there first.
  const draft = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
  fs.writeFileSync(draft, crypto.randomBytes(32).toString('base64url') + '\n', { mode: 0o600, flag: 'wx' });
  try {
    fs.linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(draft, { force: true });
  }
  const created = readSecret(file);
  if (!created) throw new ConfigError(`Invalid configuration: ${file} holds no usable secret`);
  return created;
}

function readSecret(file: string): string | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  if (text.length < 16) throw new ConfigError(`Invalid configuration: ${file} holds no usable secret`);
  return text;
}
