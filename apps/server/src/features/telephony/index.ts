import { SOCKET_EVENTS, userRoom } from '@shiftline/shared';
import { RedisAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { SipConfig } from '../../config.js';
import type { Database } from '../../db/schema.js';
import type { CallEngine, Telephony } from '../calls/index.js';
import type { DeskPhonesService } from '../deskPhones/index.js';
import type { RecordingsService } from '../recordings/index.js';
import type { PasswordSeal } from '../trunks/index.js';
import { createKamailioClient } from './kamailioClient.js';
import { settingsRoutes } from './settings.routes.js';
import { sipRoutes } from './sip.routes.js';
import { createSipDirectory } from './sipDirectory.js';
import { createSipLegs } from './sipLegs.js';
import { reconcileSipCalls } from './sipReconcile.js';
import { SipTelephony } from './sipTelephony.js';
import { warmTransferRoutes } from './warmTransfer.js';

export { checkSipCredentials, issueSipCredentials, sipPassword } from './credentials.js';
export { createKamailioClient, type KamailioClient } from './kamailioClient.js';
export { SipTelephony } from './sipTelephony.js';

/** The SIP adapter for a configured SIP server (Kamailio), the engine's phone network when TELEPHONY=sip. */
export function createSipTelephony(db: Kysely<Database>, sip: SipConfig, log: SipTelephonyLog): SipTelephony {
  const directory = createSipDirectory(db);
  return new SipTelephony({
    legs: createSipLegs(db),
    kamailio: createKamailioClient(sip.kamailioUrl, sip.secret),
    currentOffer: async (callId) => {
      const offer = await directory.offerOf(callId);
      return offer === 'ended' ? null : offer;
    },
    log,
  });
}
type SipTelephonyLog = { warn: (object: object, message: string) => void };

/** Server-to-server event of the Socket.IO Redis adapter: a call changed (its id), in another app process. */
const SIP_CALL_CHANGED = 'sip-call-changed';
/**
 * How often legs of calls that ended without a release (a process that died), old early cancels and warm-transfer
 * questions nobody answered are dropped.
 */
const EXPIRE_EVERY_MS = 60_000;
/** How often live SIP calls are compared with Kamailio's dialogs (a call quiet this long without one ends). */
const RECONCILE_EVERY_MS = 30_000;

/** The softphone's settings (always), and the SIP server's questions when the engine runs on a SipTelephony. */
export async function registerTelephony(
  app: FastifyInstance,
  deps: {
    db: Kysely<Database>;
    engine: CallEngine;
    telephony: Telephony;
    sip: SipConfig | null;
    now: () => number;
    deskPhones: DeskPhonesService;
    seal: PasswordSeal;
    recordings: Pick<RecordingsService, 'legAnswered'>;
  },
) {
  await app.register(settingsRoutes, { sip: deps.sip, now: deps.now, deskPhones: deps.deskPhones });
  if (deps.sip && deps.telephony instanceof SipTelephony) {
    const telephony = deps.telephony;
    // With Redis carrying the live events between processes, it carries the SIP wake-ups too (the same connections).
    const namespace = app.io.of('/');
    if (namespace.adapter instanceof RedisAdapter) {
      telephony.connectWakeUps({
        publish: (callId) => namespace.serverSideEmit(SIP_CALL_CHANGED, callId),
        subscribe: (wake) => namespace.on(SIP_CALL_CHANGED, wake),
      });
    }
    const warm = await warmTransferRoutes(app, deps.db);
    const expiry = setInterval(() => {
      Promise.all([telephony.legs.expire(), warm.expire()]).catch((error: unknown) =>
        app.log.warn({ err: error }, 'SIP legs or warm-transfer questions not expired'),
      );
    }, EXPIRE_EVERY_MS);
    expiry.unref();
    // Live calls whose SIP side is gone (no dialog in Kamailio) end, with the reason logged.
    const reconcileEveryMs = deps.sip.reconcileEveryMs ?? RECONCILE_EVERY_MS;
    const reconciliation = setInterval(() => {
      reconcileSipCalls({
        legs: telephony.legs,
        kamailio: telephony.kamailio,
        directory: createSipDirectory(deps.db),
        engine: deps.engine,
        log: app.log,
        quietSeconds: Math.max(1, Math.round(reconcileEveryMs / 1000)),
      }).catch((error: unknown) => app.log.warn({ err: error }, 'SIP calls not reconciled with Kamailio'));
    }, reconcileEveryMs);
    reconciliation.unref();
    app.addHook('onClose', async () => {
      clearInterval(expiry);
      clearInterval(reconciliation);
    });
    await app.register(sipRoutes, {
      db: deps.db,
      engine: deps.engine,
      telephony,
      secret: deps.sip.secret,
      deskPhones: deps.deskPhones,
      seal: deps.seal,
      recordings: deps.recordings,
      // The call moved: the first agent's softphone drops its leg; a warm-transfer question about it is settled.
      transferred: (callId, fromAgentId) => {
        void warm.forget(Number(callId)).catch(() => undefined);
        app.realtime.toRoom(userRoom(fromAgentId), SOCKET_EVENTS.startTransfer, { call_id: Number(callId) });
      },
    });
  }
}
