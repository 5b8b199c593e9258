import { type RunningRtpengine, startRtpengine } from './rtpengine.mjs';

export declare const TEMPLATE: string;
export declare const KAMAILIO_BINARY: string;
export declare const SIPP_BINARY: string;
export declare const RTPENGINE_BINARY: string;
export declare const DEBIAN_PACKAGES: string[];
export declare function kamailioInstalled(): boolean;
export declare function sippInstalled(): boolean;
export declare function rtpengineInstalled(): boolean;
export declare function installPackages(log?: (line: string) => void): void;
export declare function freePort(host?: string): Promise<number>;
export declare function renderConfig(values: Record<string, string | number>): string;
/** One JSON-RPC call to Kamailio over node:http (fetch refuses ports 5060 and 5061); rejects on an error answer. */
export declare function kamailioRpc(
  kamailioUrl: string,
  secret: string,
  method: string,
  params?: unknown[],
  timeoutMs?: number,
): Promise<unknown>;

export type KamailioOptions = {
  /** The app's base URL Kamailio asks (http://127.0.0.1:<port>). */
  appUrl: string;
  host?: string;
  port?: number;
  domain?: string;
  secret?: string;
  /** How long the app may hold a routing question (ms). */
  holdMs?: number;
  /** host:port of the outbound gateway agents' calls to clients go to (a SIPp callee); none: refused with 503. */
  outboundGateway?: string;
  asyncWorkers?: number;
  children?: number;
  logLevel?: number;
  branchTimeoutMs?: number;
  sharedMb?: number;
  inheritLogs?: boolean;
  /** How long Kamailio and rtpengine may take to answer at start (ms; default SIP_START_TIMEOUT_MS or 10 000). */
  startTimeoutMs?: number;
  /** The address rtpengine offers for media (default: host, or 127.0.0.1 when host is 0.0.0.0). */
  mediaAddress?: string;
  /** Where rtpengine records calls and the app keeps their WAVs (default: a new temporary folder, removed at stop). */
  recordingsDir?: string;
  /** More of rtpengine's options. */
  rtpengine?: Parameters<typeof startRtpengine>[0];
};

export type RunningKamailio = {
  host: string;
  port: number;
  domain: string;
  secret: string;
  wsUrl: string;
  kamailioUrl: string;
  dir: string;
  pid: number | undefined;
  log: () => string;
  /** The rtpengine Kamailio drives for every call's media. */
  rtpengine: RunningRtpengine;
  env: Record<string, string>;
  sipConfig: {
    secret: string;
    domain: string;
    port: number;
    wsUrl: string;
    kamailioUrl: string;
    rtpengine: string;
    recordingsDir: string | null;
  };
  stop: () => Promise<void>;
};

export declare function startKamailio(options: KamailioOptions): Promise<RunningKamailio>;
