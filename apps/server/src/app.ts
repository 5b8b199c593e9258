import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { LIVE_ROOM, SOCKET_EVENTS } from '@shiftline/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig, SipConfig } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import { startHeartbeat } from './db/heartbeat.js';
import { transactional } from './db/transaction.js';
import { registerAdmin } from './features/admin/index.js';
import { agentsRoutes, createAgentsRepository, createAgentsService } from './features/agents/index.js';
import {
  authRoutes,
  createAuthService,
  createSessionsRepository,
  createSessionsService,
} from './features/auth/index.js';
import { registerBlocking } from './features/blocking/index.js';
import {
  type CallEngine,
  type CallPageService,
  callsRoutes,
  createCallEngine,
  createCallPageService,
  reconcileLiveState,
  SimulatedTelephony,
  statusRoutes,
  type Telephony,
  telephonyRoutes,
} from './features/calls/index.js';
import { campaignsRoutes, createCampaignsRepository, createCampaignsService } from './features/campaigns/index.js';
import { registerCatalog } from './features/catalog/index.js';
import { coldCallsRoutes } from './features/coldCalls/index.js';
import { createDashboardsRepository, createDashboardsService, dashboardsRoutes } from './features/dashboards/index.js';
import { type DeskPhonesService, registerDeskPhones } from './features/deskPhones/index.js';
import { createFreeShiftsRepository, createFreeShiftsService, freeShiftsRoutes } from './features/freeShifts/index.js';
import { createHomeRepository, createHomeService, homeRoutes } from './features/home/index.js';
import { registerLeadLists } from './features/leadLists/index.js';
import {
  createNotificationsRepository,
  createNotificationsService,
  notificationsRoutes,
} from './features/notifications/index.js';
import {
  createPlannersRepository,
  createPlannersService,
  plannerRoutes,
  schedulePlannerTopUps,
} from './features/planners/index.js';
import {
  createProductivityRepository,
  createProductivityService,
  productivityRoutes,
} from './features/productivity/index.js';
import { createProfileService, profileRoutes } from './features/profile/index.js';
import { registerRecordings } from './features/recordings/index.js';
import { createScheduleRepository, createScheduleService, scheduleRoutes } from './features/schedule/index.js';
import { createShiftsRepository } from './features/shifts/index.js';
import {
  createSupervisionRepository,
  createSupervisionService,
  supervisionRoutes,
} from './features/supervision/index.js';
import { EDIT_FORMS, TABLES, tablesRoutes, workTimeRoutes } from './features/tables/index.js';
import {
  createTeamScheduleRepository,
  createTeamScheduleService,
  teamScheduleRoutes,
} from './features/teamSchedule/index.js';
import { createSipTelephony, registerTelephony } from './features/telephony/index.js';
import { createPasswordSeal, type PasswordSeal, registerTrunks } from './features/trunks/index.js';
import { createUsersRepository } from './features/users/index.js';
import { createVacationsRepository, createVacationsService, vacationsRoutes } from './features/vacations/index.js';
import { accessPlugin } from './plugins/access.js';
import { answerClientError, errorsPlugin, MAX_REQUEST_HEAD_BYTES } from './plugins/errors.js';
import { healthPlugin } from './plugins/health.js';
import { openApiPlugin } from './plugins/openapi.js';
import { redisStoreWithLocalFallback } from './plugins/rateLimitStore.js';
import { connectedWithin, createFailFastRedis } from './plugins/redisClients.js';
import { socketPlugin } from './plugins/socket.js';
import { foldRollupBacklog } from './rollups/index.js';

export type BuildAppOptions = {
  config: AppConfig;
  database: DatabaseHandle;
  /** Pino logger options; false silences it (tests). */
  logger?: boolean | object;
  /** The clock the scheduling rules read ("not in the past"); tests pin it. */
  now?: () => number;
  /** The live call engine's phone network and upkeep (see LiveOptions). */
  live?: LiveOptions;
};

export type LiveOptions = {
  /** The phone network; a simulated one when left out. */
  telephony?: Telephony;
  /**
   * How often missed offers are returned to the queue, waiting queues routed and the calls and states that ended
   * added to the rollups (the server: every second); left out, only when asked (tests call sweep() themselves, and
   * rollup readers add what waits before they read).
   */
  sweepEveryMs?: number | false;
  /** End what a crash left live before serving (the server does; tests ask for it). */
  reconcileAtStart?: boolean;
  /** How often this process writes its heartbeat, so a restart after a crash knows until when it ran (the server). */
  heartbeatEveryMs?: number;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The live call engine and its phone network: the simulator and the tests drive the centre through them. */
    live: { engine: CallEngine; telephony: Telephony; callPage: CallPageService };
  }
}

/** The whole application as one Fastify instance; the server and the tests both build it here. */
export async function buildApp({
  config,
  database,
  logger = false,
  now,
  live = {},
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: true,
    // Tables' filters travel in the query string (chosenValues up to 20,000 characters, three times that encoded).
    http: { maxHeaderSize: MAX_REQUEST_HEAD_BYTES },
    // A request Node's parser refuses (a head over that limit, a malformed line) still gets the app's JSON error.
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const { db } = database;
  const users = createUsersRepository(db);
  const sessions = createSessionsService(createSessionsRepository(db));

  await app.register(errorsPlugin);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        // MUI (emotion) injects style tags; the Swagger UI needs inline styles too.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'https:'],
        'connect-src': ["'self'", 'ws:', 'wss:'],
        // Over plain HTTP (a LAN address) this would send every script to an https:// that does not exist.
        'upgrade-insecure-requests': config.secureCookies ? [] : null,
      },
    },
    strictTransportSecurity: config.secureCookies,
  });
  // API answers compressed on the fly (fast brotli); built files are sent precompressed by the static plugin.
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(fastifyCookie, {
    secret: config.sessionSecret,
    parseOptions: { secure: config.secureCookies },
  });
  const rateLimitRedis = config.redisUrl ? createFailFastRedis(config.redisUrl, app.log, 'sign-in rate limits') : null;
  if (rateLimitRedis) {
    app.addHook('onClose', async () => void (await rateLimitRedis.quit().catch(() => undefined)));
    await connectedWithin(rateLimitRedis, 1000);
  }
  // preHandler: the sign-in limit is keyed by the email in the body, which is parsed by then.
  await app.register(fastifyRateLimit, {
    global: false,
    hook: 'preHandler',
    ...(rateLimitRedis ? { store: redisStoreWithLocalFallback(rateLimitRedis) } : {}),
  });
  await app.register(openApiPlugin);
  await app.register(accessPlugin, { sessions });
  await app.register(socketPlugin, {
    sessions,
    users,
    redisUrl: config.redisUrl,
    redisKeyPrefix: config.redisKeyPrefix ?? 'shiftline',
    allowedOrigins: config.allowedOrigins,
  });

  const auth = createAuthService({ users, sessions });
  const profile = createProfileService({
    users,
    sessions,
    realtime: app.realtime,
    // The live engine is set up further down, before the app serves any request.
    endStatus: (user) => app.live.engine.setStatus(user, { status_name: 'logged_out' }),
  });
  const agents = createAgentsService({ agents: createAgentsRepository(db) });
  const campaigns = createCampaignsService({
    campaigns: createCampaignsRepository(db),
    users,
    inTransaction: transactional(db, createCampaignsRepository),
    announceAgentCampaigns: (userId, enabled) =>
      app.realtime.toRoom(LIVE_ROOM, SOCKET_EVENTS.agentCampaignsChanged, { user_id: userId, campaigns: enabled }),
  });

  await app.register(authRoutes, { auth, users, loginAttemptsPerMinute: config.loginAttemptsPerMinute });
  await app.register(profileRoutes, { profile });
  const scheduleService = createScheduleService({
    schedule: createScheduleRepository(db),
    users,
    realtime: app.realtime,
    inTransaction: transactional(db, createScheduleRepository),
    now,
  });
  const plannersService = createPlannersService({
    planners: createPlannersRepository(db),
    users,
    inTransaction: transactional(db, createPlannersRepository),
    now,
  });

  await app.register(agentsRoutes, { agents });
  await app.register(campaignsRoutes, { campaigns });
  const dashboards = createDashboardsService({
    dashboards: createDashboardsRepository(db),
    scope: { listAgents: agents.listAgents, listCampaigns: campaigns.listCampaigns },
    now: now ?? Date.now,
  });
  await app.register(dashboardsRoutes, { dashboards });
  await app.register(supervisionRoutes, {
    supervision: createSupervisionService({
      supervision: createSupervisionRepository(db),
      scope: { listCampaigns: (viewer) => campaigns.listCampaigns(viewer) },
      sequence: app.realtime.sequence,
      now: now ?? Date.now,
    }),
  });
  await app.register(productivityRoutes, {
    productivity: createProductivityService({ productivity: createProductivityRepository(db) }),
  });
  await app.register(scheduleRoutes, { scheduleService });
  await app.register(plannerRoutes, { plannersService });
  await app.register(homeRoutes, { home: createHomeService({ home: createHomeRepository(db), now: now ?? Date.now }) });
  const stopPlannerTopUps = schedulePlannerTopUps(plannersService, { now, log: app.log });
  app.addHook('onClose', async () => stopPlannerTopUps());
  await registerSupervisorScheduling(app, db, now ?? Date.now);

  const deskPhones = await registerDeskPhones(app, db, config.sip ?? null);
  const seal = createPasswordSeal(config.sessionSecret);
  await registerLiveEngine(app, db, sessions, { now, live, sip: config.sip ?? null, deskPhones, seal });
  await app.register(coldCallsRoutes, { db, live: app.live, realtime: app.realtime, now });
  const adminUsers = await registerAdmin(app, db);
  await registerTrunks(app, db, seal);
  await registerBlocking(app, db);
  await registerLeadLists(app, db);
  await registerCatalog(app, db);
  await app.register(workTimeRoutes, { db, adminUsers, now });
  await app.register(tablesRoutes, {
    db,
    copyCsvOut: database.copyCsvOut,
    tables: TABLES,
    editForms: EDIT_FORMS,
    now,
  });

  await app.register(healthPlugin, { db, redis: rateLimitRedis });
  await serveWebApp(app, config.webDist);

  const purge = setInterval(() => void sessions.purgeExpired().catch(() => undefined), 60 * 60 * 1000);
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));
  return app;
}

/** Agent statuses, calls and the call page, on one engine; its sweeper, and the restart reconciliation. */
async function registerLiveEngine(
  app: FastifyInstance,
  db: DatabaseHandle['db'],
  sessions: Parameters<typeof statusRoutes>[1]['sessions'],
  {
    now,
    live,
    sip,
    deskPhones,
    seal,
  }: {
    now?: () => number;
    live: LiveOptions;
    sip: SipConfig | null;
    deskPhones: DeskPhonesService;
    seal: PasswordSeal;
  },
) {
  if (live.reconcileAtStart) {
    const ended = await reconcileLiveState(db, new Date(now?.() ?? Date.now()));
    if (ended.calls + ended.states > 0) {
      app.log.warn(ended, 'Ended the calls and closed the agent states a previous run left live');
    }
  }
  if (live.heartbeatEveryMs) {
    const heartbeat = startHeartbeat(db, {
      everyMs: live.heartbeatEveryMs,
      now: now ?? Date.now,
      onError: (error) => app.log.warn({ err: error }, 'heartbeat not written'),
    });
    app.addHook('onClose', heartbeat.stop);
  }
  const telephony = live.telephony ?? (sip ? createSipTelephony(db, sip, app.log) : new SimulatedTelephony());
  const engine = createCallEngine({ db, realtime: app.realtime, telephony, now, log: app.log });
  const callPage = createCallPageService({ db, now });
  app.decorate('live', { engine, telephony, callPage });
  await app.register(statusRoutes, { engine, sessions });
  await app.register(callsRoutes, { engine, callPage, now });
  await app.register(telephonyRoutes, { engine, callPage, telephony });
  const recordings = await registerRecordings(app, db, sip);
  await registerTelephony(app, { db, engine, telephony, sip, now: now ?? Date.now, deskPhones, seal, recordings });
  const every = live.sweepEveryMs ?? false;
  if (every !== false) {
    let sweeping: Promise<unknown> = Promise.resolve();
    const timer = setInterval(() => {
      sweeping = engine
        .sweep()
        .then(() => foldRollupBacklog(db))
        .catch((error: unknown) => app.log.warn({ err: error }, 'call engine upkeep failed'));
    }, every);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await sweeping;
    });
  }
}

/** The scheduling repositories bound to one connection or transaction, for work that spans several of them. */
function createSchedulingRepositories(db: DatabaseHandle['db']) {
  return {
    shifts: createShiftsRepository(db),
    users: createUsersRepository(db),
    freeShifts: createFreeShiftsRepository(db),
    notifications: createNotificationsRepository(db),
    teamSchedule: createTeamScheduleRepository(db),
    vacations: createVacationsRepository(db),
  };
}

/** Team calendar, approvals, free shifts, vacations and notifications: services that share one transaction. */
async function registerSupervisorScheduling(app: FastifyInstance, db: DatabaseHandle['db'], now: () => number) {
  const repositories = createSchedulingRepositories(db);
  const inTransaction = transactional(db, createSchedulingRepositories);
  const realtime = app.realtime;
  const notificationsService = createNotificationsService({ notifications: repositories.notifications, realtime, now });
  const freeShifts = createFreeShiftsService({ repositories, inTransaction, notificationsService, realtime, now });
  // The team calendar and the days off take the same collaborators.
  const scheduling = { repositories, inTransaction, freeShifts, notificationsService, realtime, now };
  const teamSchedule = createTeamScheduleService(scheduling);
  const vacations = createVacationsService(scheduling);
  await app.register(teamScheduleRoutes, { teamSchedule, freeShifts });
  await app.register(vacationsRoutes, { vacations });
  await app.register(notificationsRoutes, { notificationsService });
  await app.register(freeShiftsRoutes, { freeShifts });
}

/** The built SPA: static files, and index.html for every other non-API path so client routes survive a reload. */
async function serveWebApp(app: FastifyInstance, webDist: string | null): Promise<void> {
  const hasWeb = webDist !== null && existsSync(join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      preCompressed: true,
      cacheControl: false,
      // Vite names what it builds under assets/ by content hash: a changed file is a new name, so browsers keep
      // these for good. index.html (and the other fixed names) must be revalidated to pick up a new build.
      setHeaders: (reply, path) => {
        const hashed = path.startsWith(join(webDist, 'assets'));
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // A built file that is not there (a page open since before a new build asking for its old chunks) is a 404, not
    // index.html under a script's name, so the page's import fails cleanly instead of running HTML as JavaScript.
    const missingFile = request.url.startsWith('/assets/');
    if (request.url.startsWith('/api/') || missingFile || !hasWeb || request.method !== 'GET') {
      return reply
        .status(404)
        .send({ error: { code: 'not_found', message: `No route ${request.method} ${request.url.split('?')[0]}` } });
    }
    return reply.type('text/html').sendFile('index.html');
  });
}
