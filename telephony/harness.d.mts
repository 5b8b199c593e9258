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
  env: Record<string, string>;
  sipConfig: { secret: string; domain: string; port: number; wsUrl: string; kamailioUrl: string };
  stop: () => Promise<void>;
};

export declare function startKamailio(options: KamailioOptions): Promise<RunningKamailio>;
