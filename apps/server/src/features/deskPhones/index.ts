import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { SipConfig } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { createKamailioClient } from '../telephony/index.js';
import { deskPhonesRoutes } from './deskPhones.routes.js';
import { createDeskPhonesService, type DeskPhonesService } from './deskPhones.service.js';

export { createDeskPhonesService, type DeskPhonesService, deskPhoneHa1 } from './deskPhones.service.js';

/** Desk phones on the administration's user pages (admin.manage). */
export async function registerDeskPhones(
  app: FastifyInstance,
  db: Kysely<Database>,
  sip: SipConfig | null,
): Promise<DeskPhonesService> {
  const deskPhones = createDeskPhonesService({
    db,
    sip,
    kamailio: sip ? createKamailioClient(sip.kamailioUrl, sip.secret) : null,
    log: app.log,
  });
  await app.register(deskPhonesRoutes, { deskPhones });
  return deskPhones;
}
