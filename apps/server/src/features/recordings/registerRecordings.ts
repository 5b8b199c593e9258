import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { SipConfig } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { recordingsRoutes } from './recordings.routes.js';
import { createRecordingsService, type RecordingsService } from './recordings.service.js';
import { createRtpengineControl } from './rtpengineControl.js';

/** How soon an ended call's recording becomes playable, and how often old ones are deleted. */
const FINISH_EVERY_MS = 2000;
const EXPIRE_EVERY_MS = 60 * 60 * 1000;

/**
 * The recordings' routes, and with SIP_RTPENGINE and SIP_RECORDINGS_DIR set, the rounds that finish ended calls'
 * recordings and delete the ones past their campaign's retention.
 */
export async function registerRecordings(
  app: FastifyInstance,
  db: Kysely<Database>,
  sip: SipConfig | null,
): Promise<RecordingsService> {
  const setup =
    sip?.rtpengine && sip.recordingsDir
      ? { control: createRtpengineControl(sip.rtpengine), directory: sip.recordingsDir }
      : null;
  if (sip && !setup) app.log.info('Calls are not recorded: SIP_RTPENGINE and SIP_RECORDINGS_DIR are not both set');
  const recordings = createRecordingsService({ db, setup, log: app.log });
  await app.register(recordingsRoutes, { recordings });
  if (!setup) return recordings;

  // One round at a time: a slow disk does not stack rounds up.
  const rounds = (work: () => Promise<unknown>, everyMs: number, what: string) => {
    let running: Promise<unknown> = Promise.resolve();
    let busy = false;
    const timer = setInterval(() => {
      if (busy) return;
      busy = true;
      running = work()
        .catch((error: unknown) => app.log.warn({ err: error }, what))
        .finally(() => {
          busy = false;
        });
    }, everyMs);
    timer.unref();
    return async () => {
      clearInterval(timer);
      await running;
    };
  };
  const stopFinishing = rounds(() => recordings.finishEnded(), FINISH_EVERY_MS, 'recordings not finished');
  const stopExpiring = rounds(() => recordings.expireOld(), EXPIRE_EVERY_MS, 'old recordings not deleted');
  void recordings.expireOld().catch((error: unknown) => app.log.warn({ err: error }, 'old recordings not deleted'));
  app.addHook('onClose', async () => {
    await stopFinishing();
    await stopExpiring();
    setup.control.close();
  });
  return recordings;
}
