import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

const base = { DATA_DIR: '/tmp/shiftline-config-test', SESSION_SECRET: 'a-session-secret' };

describe('telephony configuration', () => {
  it('keeps the simulated network unless TELEPHONY=sip', () => {
    const config = loadConfig(base);
    expect(config.sip).toBeNull();
    expect(config.simulate).toBe(true);
  });

  it('reads the SIP server from the environment, with defaults for one machine', () => {
    const config = loadConfig({ ...base, TELEPHONY: 'sip', SIP_SHARED_SECRET: 'shared-secret-of-16+' });
    expect(config.sip).toEqual({
      secret: 'shared-secret-of-16+',
      domain: '127.0.0.1',
      port: 5060,
      wsUrl: 'ws://127.0.0.1:5060',
      kamailioUrl: 'http://127.0.0.1:5060',
      // Calls are recorded only with both rtpengine's control socket and the recordings folder.
      rtpengine: null,
      recordingsDir: null,
    });
    // The simulated centre's callers cannot call a real network.
    expect(config.simulate).toBe(false);
    const named = loadConfig({
      ...base,
      TELEPHONY: 'sip',
      SIP_SHARED_SECRET: 'shared-secret-of-16+',
      SIP_DOMAIN: 'sip.example.org',
      SIP_PORT: '5070',
      SIP_WS_URL: 'wss://sip.example.org/ws',
      KAMAILIO_URL: 'http://10.0.0.5:5070',
      SIP_RTPENGINE: 'udp:127.0.0.1:2223',
      SIP_RECORDINGS_DIR: '/srv/recordings',
    });
    expect(named.sip).toMatchObject({
      domain: 'sip.example.org',
      port: 5070,
      wsUrl: 'wss://sip.example.org/ws',
      rtpengine: 'udp:127.0.0.1:2223',
      recordingsDir: '/srv/recordings',
    });
  });

  it('refuses a SIP setup without its secret, with a weak one, or with the simulator on', () => {
    expect(() => loadConfig({ ...base, TELEPHONY: 'sip' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, TELEPHONY: 'sip' })).toThrow(/SIP_SHARED_SECRET must be set/);
    expect(() => loadConfig({ ...base, TELEPHONY: 'sip', SIP_SHARED_SECRET: 'short' })).toThrow(/SIP_SHARED_SECRET/);
    expect(() =>
      loadConfig({ ...base, TELEPHONY: 'sip', SIP_SHARED_SECRET: 'shared-secret-of-16+', SIMULATE: 'true' }),
    ).toThrow(/SIMULATE=true/);
    expect(() => loadConfig({ ...base, TELEPHONY: 'asterisk' })).toThrow(
      /TELEPHONY="asterisk" must be simulated or sip/,
    );
    expect(() => loadConfig({ ...base, SIP_WS_URL: 'http://x' })).toThrow(/SIP_WS_URL/);
    expect(() => loadConfig({ ...base, SIP_RTPENGINE: '127.0.0.1' })).toThrow(
      /SIP_RTPENGINE="127.0.0.1" must be 'host:port'/,
    );
  });
});
