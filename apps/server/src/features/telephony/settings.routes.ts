import { softphoneSettingsSchema } from '@shiftline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SipConfig } from '../../config.js';
import { viewerRoute } from '../../plugins/viewerRoute.js';
import type { DeskPhonesService } from '../deskPhones/index.js';
import { issueSipCredentials } from './credentials.js';

/**
 * GET /api/settings/get_settings: where the softphone registers and its ephemeral credentials (operations spec §7
 * Settings). With the simulated network everything is null and the web app loads no softphone; a user without an
 * extension gets the server's address but no credentials, and so does an agent with a desk phone (desk_phone true).
 */
export const settingsRoutes: FastifyPluginAsyncZod<{
  sip: SipConfig | null;
  now: () => number;
  deskPhones: Pick<DeskPhonesService, 'hasDevice'>;
}> = async (app, { sip, now, deskPhones }) => {
  viewerRoute(app, {
    method: 'GET',
    url: '/api/settings/get_settings',
    action: 'settings.get',
    tags: ['telephony'],
    summary: "The softphone's SIP server and short-lived credentials (username <expiry>:<extension>), or nulls",
    response: softphoneSettingsSchema,
    answer: async (viewer) => {
      // A desk phone registers the agent's extension: a browser registering it too would take the phone's calls.
      const deskPhone = sip !== null && (await deskPhones.hasDevice(viewer.id));
      return {
        token: sip && viewer.extension && !deskPhone ? issueSipCredentials(sip.secret, viewer.extension, now()) : null,
        sip_domain: sip?.domain ?? null,
        sip_port: sip?.port ?? null,
        websocket_proxy_url: sip?.wsUrl ?? null,
        desk_phone: deskPhone,
      };
    },
  });
};
