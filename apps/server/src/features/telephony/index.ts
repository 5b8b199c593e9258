import { SOCKET_EVENTS, userRoom } from '@shiftline/shared';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { SipConfig } from '../../config.js';
import type { Database } from '../../db/schema.js';
import type { CallEngine, Telephony } from '../calls/index.js';
import { createKamailioClient } from './kamailioClient.js';
import { settingsRoutes } from './settings.routes.js';
import { sipRoutes } from './sip.routes.js';
import { createSipDirectory } from './sipDirectory.js';
import { SipTelephony } from './sipTelephony.js';
import { warmTransferRoutes } from './warmTransfer.js';

export { checkSipCredentials, issueSipCredentials, sipPassword } from './credentials.js';
export { createKamailioClient, type KamailioClient } from './kamailioClient.js';
export { SipTelephony } from './sipTelephony.js';

/** The SIP adapter for a configured SIP server (Kamailio), the engine's phone network when TELEPHONY=sip. */
export function createSipTelephony(db: Kysely<Database>, sip: SipConfig, log: SipTelephonyLog): SipTelephony {
  const directory = createSipDirectory(db);
  return new SipTelephony({
    kamailio: createKamailioClient(sip.kamailioUrl, sip.secret),
    currentOffer: async (callId) => {
      const offer = await directory.offerOf(callId);
      return offer === 'ended' ? null : offer;
    },
    log,
  });
}
type SipTelephonyLog = { warn: (object: object, message: string) => void };

/** The softphone's settings (always), and the SIP server's questions when the engine runs on a SipTelephony. */
export async function registerTelephony(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; engine: CallEngine; telephony: Telephony; sip: SipConfig | null; now: () => number },
) {
  await app.register(settingsRoutes, { sip: deps.sip, now: deps.now });
  if (deps.sip && deps.telephony instanceof SipTelephony) {
    const warm = await warmTransferRoutes(app, deps.db);
    await app.register(sipRoutes, {
      db: deps.db,
      engine: deps.engine,
      telephony: deps.telephony,
      secret: deps.sip.secret,
      // The call moved: the first agent's softphone drops its leg; a warm-transfer question about it is settled.
      transferred: (callId, fromAgentId) => {
        warm.forget(Number(callId));
        app.realtime.toRoom(userRoom(fromAgentId), SOCKET_EVENTS.startTransfer, { call_id: Number(callId) });
      },
    });
  }
}
