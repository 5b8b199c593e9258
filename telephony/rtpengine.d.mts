export type RunningRtpengine = {
  /** host:port of its ng control socket (Kamailio's rtpengine_sock). */
  control: string;
  /** The folder it records into, or null when it does not record. */
  recordingDir: string | null;
  log: () => string;
  stop: () => Promise<void>;
};
export declare function startRtpengine(options?: {
  host?: string;
  portMin?: number;
  logLevel?: number;
  /** How long it may take to answer its first ping (ms). */
  timeoutMs?: number;
  /** Records the calls it is told to into this folder (raw-IP pcap files). */
  recordingDir?: string;
}): Promise<RunningRtpengine>;
