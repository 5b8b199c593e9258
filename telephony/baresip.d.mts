export declare function baresipInstalled(): boolean;
export type RunningBaresip = {
  port: number;
  log: () => string;
  waitFor: (pattern: RegExp, ms?: number) => Promise<void>;
  stop: () => Promise<void>;
};
export declare function startBaresip(options: {
  extension: string;
  domain: string;
  /** host:port of the SIP server (UDP). */
  registrar: string;
  username: string;
  password: string;
  host?: string;
}): Promise<RunningBaresip>;
