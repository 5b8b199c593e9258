export declare function bencode(value: unknown): string;
export declare function bdecode(buffer: Buffer): unknown;
export type RunningRtpengine = {
  /** host:port of its ng control socket (Kamailio's rtpengine_sock). */
  control: string;
  command: (name: string, fields?: Record<string, unknown>, timeoutMs?: number) => Promise<Record<string, unknown>>;
  log: () => string;
  stop: () => Promise<void>;
};
export declare function startRtpengine(options?: {
  host?: string;
  portMin?: number;
  logLevel?: number;
  /** How long it may take to answer its first ping (ms). */
  timeoutMs?: number;
}): Promise<RunningRtpengine>;
