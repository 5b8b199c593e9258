export declare function bencode(value: unknown): string;
export declare function bdecode(buffer: Buffer): unknown;
export type RunningRtpengine = {
  command: (name: string, fields?: Record<string, unknown>, timeoutMs?: number) => Promise<Record<string, unknown>>;
  log: () => string;
  stop: () => Promise<void>;
};
export declare function startRtpengine(options?: {
  host?: string;
  portMin?: number;
  logLevel?: number;
}): Promise<RunningRtpengine>;
