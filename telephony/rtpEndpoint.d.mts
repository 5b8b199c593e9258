export type RtpEndpoint = {
  host: string;
  port: number;
  /** RTP packets arrived so far. */
  received: () => number;
  /** Tone packets sent back so far. */
  sent: () => number;
  close: () => void;
};
/** A plain-RTP media end on `host` (default 127.0.0.1): counts what arrives, answers with a PCMU tone. */
export declare function startRtpEndpoint(host?: string): Promise<RtpEndpoint>;
