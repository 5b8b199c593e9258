/** Writes `seconds` (default 30) of a PCMU tone as an RTP capture at `file`; returns its duration in ms. */
export declare function writeTonePcap(file: string, seconds?: number): number;
