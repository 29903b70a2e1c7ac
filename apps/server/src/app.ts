import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCors from '@fastify/cors';
import fastifyFormbody from '@fastify/formbody';
import fastifyMultipart from '@fastify/multipart';
import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { z } from 'zod';
import { chineseErrors } from '@kaopei/shared/contracts/zod-chinese';
import type { Config } from './config';
import { openDatabase, runMigrations, type Database } from './db/client';
import { ensurePlatformAdmin, seedDemo, seedReference } from './db/seed';
import { registerAuthHook } from './core/auth-hook';
import { loadRsaKeys } from './core/crypto';
import type { Deps } from './core/deps';
import { registerErrorHandler, serializeError } from './core/error-handler';
import { registerEdgeChecks, registerNoStore } from './core/edge';
import { MemoryRateLimiter, RedisRateLimiter, type RateLimiter } from './core/rate-limiter';
import { MemoryRealtime, RedisRealtime, type Realtime } from './core/realtime';
import { LogSmsProvider, OutboxSmsProvider } from './core/sms';
import { TokenService } from './core/tokens';
import { JobRunner } from './core/jobs';
import { Queue, queueConnection } from './core/queue';
import { createMailer } from './core/mailer';
import { createStorage } from './core/storage';
import { LocalJudge, createJudge, missingSandboxFeatures } from './core/judge';
import { JudgeWorker } from './modules/judge/judge.worker';
import { judgeRoutes } from './modules/judge/judge.routes';
import { fileRoutes } from './modules/file/file.routes';
import { examRoutes } from './modules/exam/exam.routes';
import { examCandidateRoutes } from './modules/exam/exam-candidate.routes';
import { closeExpiredAttempts } from './modules/exam/exam-attempt.service';
import { examAutoRoutes } from './modules/exam/exam-auto.routes';
import { runDueRules } from './modules/exam/exam-auto.service';
import { examAntiCheatRoutes } from './modules/exam/exam-anticheat.routes';
import { examMonitorRoutes } from './modules/exam/exam-monitor.routes';
import { announceClosed } from './modules/exam/exam-monitor.service';
import {
  findWebDist,
  isApiPath,
  registerCompression,
  registerWeb,
  renderIndexPages,
  sendIndexPage,
  type IndexPage,
} from './core/web';
import { MenuService } from './modules/menu/menu.service';
import { menuRoutes } from './modules/menu/menu.routes';
import { roleRoutes } from './modules/role/role.routes';
import { tagRoutes } from './modules/tag/tag.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { userRoutes } from './modules/user/user.routes';
import { noticeRoutes } from './modules/notice/notice.routes';
import { accountRoutes } from './modules/account/account.routes';
import { orgRoutes } from './modules/org/org.routes';
import { eduRoutes } from './modules/edu/edu.routes';
import { statisticRoutes } from './modules/statistic/statistic.routes';
import { analysisIrtRoutes } from './modules/analysis-irt/analysis-irt.routes';
import { departmentRoutes } from './modules/department/department.routes';
import { staffRoutes } from './modules/staff/staff.routes';
import { bankRoutes } from './modules/bank/bank.routes';
import { questionRoutes } from './modules/question/question.routes';
import { knowledgeRoutes } from './modules/knowledge/knowledge.routes';
import { paperCategoryRoutes } from './modules/paper-category/paper-category.routes';
import { paperBankRoutes } from './modules/paper-bank/paper-bank.routes';
import { paperRoutes } from './modules/paper/paper.routes';
import { paperQuestionRoutes } from './modules/paper/paper-question.routes';
import { postRoutes } from './modules/post/post.routes';
import { abilityRoutes } from './modules/ability/ability.routes';
import { postExamRoutes } from './modules/post-exam/post-exam.routes';
import { postMatchRoutes } from './modules/post-match/post-match.routes';
import { postPublicRoutes } from './modules/post-public/post-public.routes';
import { courseRoutes } from './modules/course/course.routes';
import { courseContentRoutes } from './modules/course-content/course-content.routes';
import { learnRoutes } from './modules/learn/learn.routes';
import { practiceRoutes } from './modules/practice/practice.routes';
import { psychRoutes } from './modules/psych/psych.routes';
import { liveRoutes } from './modules/live/live.routes';
import { studyTaskRoutes } from './modules/study-task/study-task.routes';
import { examAnalysisRoutes } from './modules/exam-analysis/exam-analysis.routes';
import { runTaskReminders } from './modules/study-task/study-task-remind';
import { studyTargetRoutes } from './modules/study-target/study-target.routes';
import { analysisStaffRoutes } from './modules/analysis-staff/analysis-staff.routes';
import { analysisReportRoutes } from './modules/analysis-report/analysis-report.routes';
import { defineShopJobs, shopRoutes } from './modules/shop/shop.routes';
import { recruitmentRoutes } from './modules/recruitment/recruitment.routes';
import { interviewRoutes } from './modules/interview/interview.routes';
import { defineInterviewJobs } from './modules/interview/interview-run';
import { runReportSchedules } from './modules/analysis-report/analysis-report-schedule.service';
import { publicConfig, publicRoutes } from './modules/public/public.routes';
import { startSessionRevocations } from './modules/auth/session-revocation';

/** How often the study task reminders run (they are due by the day; a quarter of an hour is plenty). */
const STUDY_TASK_REMINDER_SECONDS = 15 * 60;
/** Scheduled analysis reports are looked at hourly: each sends once a month, on or after its day. */
const REPORT_SCHEDULE_SECONDS = 3600;

// Zod's own messages in Chinese; routes add field-specific ones where it helps.
z.config(chineseErrors);

declare module 'fastify' {
  interface FastifyInstance {
    indexPage?: IndexPage;
    /** API routes registered without a contract (`core/route.ts`); a test keeps this empty. */
    routesWithoutContract: string[];
  }
}

export interface BuildOptions {
  /** An already-open database (tests); otherwise one is opened from the config. */
  database?: Database;
  /** Skip migrations and seeding (tests that prepared the database already). */
  skipMigrate?: boolean;
  /** Serve the web app if it is built (default true). */
  serveWeb?: boolean;
  /** A realtime adapter to use instead of the configured one (tests: a private Redis channel prefix). */
  realtime?: Realtime;
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: { write(line: string): void };
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            // Failed queries are logged with their statement, never their values.
            serializers: { err: serializeError },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = await prepareDatabase(app, config, options);
  const { deps, redis } = await createDeps(app, config, database, options);
  await deps.jobs.failStale();
  app.decorate('deps', deps);
  const stopRevocations = await startSessionRevocations(deps);
  await startBackgroundWork(app, deps);
  app.addHook('onClose', async () => {
    stopRevocations();
    await deps.queue.stop();
    redis?.disconnect();
    if (!options.realtime) await deps.realtime.close();
    if (!options.database) await database.close();
  });

  const webDist = options.serveWeb === false ? undefined : findWebDist(config.webDist);
  const indexPages = webDist ? renderIndexPages(webDist, publicConfig(config), publicConfig(config)) : undefined;
  await registerPlugins(app, config, indexPages?.base);
  registerErrorHandler(app);
  registerAuthHook(app);
  await registerModules(app);

  if (webDist && indexPages) await registerWeb(app, webDist, indexPages);
  // Unknown API paths get the envelope; any other GET is a page of the single-page app.
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (indexPages && request.method === 'GET' && !isApiPath(url)) {
      return sendIndexPage(request, reply, indexPages);
    }
    return reply.status(404).send({ code: -1, message: `接口不存在：${request.method} ${url}`, res: null });
  });
  return app;
}

/** Opens the database (unless given), migrates it and seeds reference data, the demo and the platform admin. */
async function prepareDatabase(
  app: FastifyInstance,
  config: Config,
  options: BuildOptions,
): Promise<Database> {
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: path.join(config.dataDir, 'pg'),
      poolSize: config.databasePoolSize,
    }));
  if (options.skipMigrate) return database;
  await runMigrations(database);
  await seedReference(database.db);
  if (config.seedDemo && (await seedDemo(database.db, config.demoPassword, await createStorage(config)))) {
    app.log.info('demo organisation seeded');
  }
  if (config.platformAdminPassword) {
    const outcome = await ensurePlatformAdmin(database.db, config.platformAdminPassword);
    if (outcome === 'conflict')
      app.log.error('account "platform" belongs to another organisation; platform administrator not set');
  }
  return database;
}

/** Everything modules reach as `app.deps`, with the in-process or Redis adapters the config asks for. */
async function createDeps(
  app: FastifyInstance,
  config: Config,
  database: Database,
  options: BuildOptions,
): Promise<{ deps: Deps; redis: Redis | undefined }> {
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 })
    : undefined;
  const rateLimiter: RateLimiter = redis ? new RedisRateLimiter(redis) : new MemoryRateLimiter();
  const realtime: Realtime =
    options.realtime ?? (config.redisUrl ? new RedisRealtime(config.redisUrl) : new MemoryRealtime());
  const judge = createJudge(config);
  const queue = new Queue(
    queueConnection(database),
    // Integration tests work the queue by hand (QUEUE_WORK=false; queue.drain(), judgeWorker.drain()).
    { schema: config.queueSchema, work: config.queueWork, pollSeconds: config.queuePollSeconds },
    app.log,
  );
  if (judge instanceof LocalJudge && missingSandboxFeatures().length > 0)
    app.log.warn(
      { missing: missingSandboxFeatures() },
      'code judging: the local sandbox is unavailable; judge jobs will fail (set JUDGE_URL or JUDGE=off)',
    );
  const deps: Deps = {
    config,
    database,
    db: database.db,
    tokens: new TokenService(config.jwtSecret, config.accessTokenTtl),
    menus: new MenuService(database.db),
    rateLimiter,
    sms:
      config.smsProvider === 'outbox'
        ? new OutboxSmsProvider(config.dataDir, app.log)
        : new LogSmsProvider(app.log),
    rsa: await loadRsaKeys(database.db, config.rsaPrivateKey),
    mailer: createMailer(config, app.log),
    storage: await createStorage(config),
    jobs: new JobRunner(database.db, app.log, queue),
    realtime,
    judge,
    queue,
    judgeWorker: new JudgeWorker(database.db, judge, queue, app.log, {
      concurrency: config.judgeConcurrency,
      dispatchSeconds: Math.ceil(config.judgePollMs / 1000),
    }),
  };
  return { deps, redis };
}

/**
 * The deadline sweep and the automatic-exam tick as periodic jobs of the queue, which runs each on one
 * instance at a time; then starts the queue (and its workers, unless QUEUE_WORK=false).
 */
async function startBackgroundWork(app: FastifyInstance, deps: Deps): Promise<void> {
  const { config, db, queue } = deps;
  // Attempts past their deadline are closed and graded even when no browser is left to submit them.
  queue.every('exam-sweep', config.examSweepSeconds, async () => {
    await closeExpiredAttempts(db, 200, (attempt) => announceClosed(deps, attempt, 'timeout'));
  });
  // Automatic-exam rules whose next exam is due are generated and published (rules are also claimed
  // with SKIP LOCKED). Not under NODE_ENV=test (integration tests and e2e): tests tick by hand (runDueRules).
  if (config.env !== 'test')
    queue.every('exam-auto', config.examAutoSeconds, async () => {
      const outcome = await runDueRules(db);
      if (outcome.failed.length > 0) app.log.warn({ failed: outcome.failed }, 'automatic exams failed');
    });
  // Study task reminders (due soon, overdue); each is logged once, so overlapping runs send nothing twice.
  // Not under NODE_ENV=test: tests run runTaskReminders by hand.
  if (config.env !== 'test')
    queue.every('study-task-reminders', STUDY_TASK_REMINDER_SECONDS, async () => {
      await runTaskReminders(db);
    });
  // Monthly analysis reports (claimed per month, so overlapping runs send nothing twice).
  // Not under NODE_ENV=test: tests run runReportSchedules by hand with a fixed time.
  if (config.env !== 'test')
    queue.every('analysis-report-schedules', REPORT_SCHEDULE_SECONDS, async () => {
      const outcome = await runReportSchedules({ db, mailer: deps.mailer, publicUrl: config.publicUrl });
      if (outcome.failed > 0) app.log.warn(outcome, 'scheduled analysis reports failed');
    });
  defineShopJobs(deps);
  defineInterviewJobs(deps);
  await queue.start();
}

/**
 * Security headers, CORS, form and multipart bodies, the edge checks (hostile bytes, no-store), OpenAPI
 * when enabled, and the contract check on every route.
 */
async function registerPlugins(
  app: FastifyInstance,
  config: Config,
  indexPage: IndexPage | undefined,
): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(indexPage ? [indexPage.scriptHash] : [])],
        // antd's CSS-in-JS writes style tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        // Disabled: on plain-HTTP installs it would force every asset to https.
        upgradeInsecureRequests: null,
      },
    },
    strictTransportSecurity: config.env === 'production',
  });
  await registerCompression(app);
  if (config.corsOrigins.length > 0)
    await app.register(fastifyCors, { origin: config.corsOrigins, credentials: false });
  await app.register(fastifyFormbody, { bodyLimit: 64 * 1024 });
  await app.register(fastifyMultipart, { limits: { fileSize: 20 * 1024 * 1024, files: 1 } });
  registerEdgeChecks(app);
  registerNoStore(app);
  if (config.apiDocs) await registerDocs(app);
  const routesWithoutContract: string[] = [];
  app.decorate('routesWithoutContract', routesWithoutContract);
  app.addHook('onRoute', (route) => {
    if (isApiPath(route.url) && !route.url.startsWith('/api/docs') && !route.config?.contract)
      routesWithoutContract.push(`${String(route.method)} ${route.url}`);
  });
}

/** The OpenAPI description and its UI at /api/docs (API_DOCS; off by default in production). */
async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: '考培 Kaopei API',
        version: '0.1.0',
        description: '统一响应 {code, message, res:{data, total}}',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  app.addHook('onRoute', (route) => {
    // The docs UI's own routes are public.
    if (route.url.startsWith('/api/docs')) route.config = { ...(route.config ?? {}), public: true };
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
}

/** Every feature's routes. */
async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(publicRoutes);
  await app.register(authRoutes);
  await app.register(menuRoutes);
  await app.register(roleRoutes);
  await app.register(tagRoutes);
  await app.register(userRoutes);
  await app.register(noticeRoutes);
  await app.register(accountRoutes);
  await app.register(orgRoutes);
  await app.register(eduRoutes);
  await app.register(statisticRoutes);
  await app.register(analysisIrtRoutes);
  await app.register(departmentRoutes);
  await app.register(staffRoutes);
  await app.register(bankRoutes);
  await app.register(questionRoutes);
  await app.register(knowledgeRoutes);
  await app.register(paperCategoryRoutes);
  await app.register(paperBankRoutes);
  await app.register(paperRoutes);
  await app.register(paperQuestionRoutes);
  await app.register(postRoutes);
  await app.register(abilityRoutes);
  await app.register(postExamRoutes);
  await app.register(postMatchRoutes);
  await app.register(postPublicRoutes);
  await app.register(courseRoutes);
  await app.register(courseContentRoutes);
  await app.register(learnRoutes);
  await app.register(studyTaskRoutes);
  await app.register(examAnalysisRoutes);
  await app.register(practiceRoutes);
  await app.register(liveRoutes);
  await app.register(studyTargetRoutes);
  await app.register(analysisStaffRoutes);
  await app.register(analysisReportRoutes);
  await app.register(shopRoutes);
  await app.register(recruitmentRoutes);
  await app.register(psychRoutes);
  await app.register(interviewRoutes);
  await app.register(examRoutes);
  await app.register(examCandidateRoutes);
  await app.register(judgeRoutes);
  await app.register(examAutoRoutes);
  await app.register(examAntiCheatRoutes);
  await app.register(examMonitorRoutes);
  await app.register(fileRoutes);
}
