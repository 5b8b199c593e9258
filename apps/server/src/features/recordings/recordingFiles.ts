import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { pcapSegmentsToWav, type WavResult } from './pcapToWav.js';

/*
 * The recordings folder (SIP_RECORDINGS_DIR) is shared with rtpengine (--recording-dir): rtpengine writes each
 * recorded stretch of a call as pcaps/<Call-ID>-<random>.pcap with metadata/rtpengine-meta-<Call-ID>-<random>.txt
 * naming it (the Call-ID percent-encoded); the app writes the finished WAVs under calls/ and removes what it turned
 * into one.
 */

const METADATA = 'metadata';
const PCAPS = 'pcaps';
const FINISHED = 'calls';
const META_NAME = /^rtpengine-meta-(.+)-[0-9a-f]{16}\.txt$/;

/** The pcap files rtpengine wrote for a dialog, and the metadata files naming them. */
async function segmentsOf(directory: string, sipCallId: string) {
  let names: string[];
  try {
    names = await readdir(join(directory, METADATA));
  } catch {
    return { metadata: [] as string[], pcaps: [] as string[] };
  }
  const metadata: string[] = [];
  const pcaps: string[] = [];
  for (const name of names) {
    const encoded = META_NAME.exec(name)?.[1];
    if (encoded === undefined) continue;
    let decoded: string;
    try {
      decoded = decodeURIComponent(encoded);
    } catch {
      continue;
    }
    if (decoded !== sipCallId) continue;
    const path = join(directory, METADATA, name);
    metadata.push(path);
    // The metadata's first line is the pcap's path as rtpengine sees it; the app may see the folder elsewhere.
    const pcap = (await readFile(path, 'utf8').catch(() => '')).split('\n')[0]?.trim();
    if (pcap) pcaps.push(join(directory, PCAPS, basename(pcap)));
  }
  return { metadata, pcaps };
}

/** Where a finished recording's WAV lives, relative to the folder (what the database keeps). */
export const finishedFileName = (recordingId: string) => join(FINISHED, `${recordingId}.wav`);

/**
 * Turns a finished dialog's recorded stretches into the recording's WAV, then removes them. Resolves with the file
 * written, or null when rtpengine recorded no audio for it.
 */
export async function finishRecording(
  directory: string,
  recordingId: string,
  sipCallId: string,
): Promise<(WavResult & { fileName: string }) | null> {
  const { metadata, pcaps } = await segmentsOf(directory, sipCallId);
  const existing: string[] = [];
  for (const pcap of pcaps) if (await stat(pcap).catch(() => null)) existing.push(pcap);
  const fileName = finishedFileName(recordingId);
  const target = join(directory, fileName);
  await mkdir(join(directory, FINISHED), { recursive: true });
  // Written beside and renamed: a reader never sees half a file, and a crash leaves only the partial to remove.
  const partial = `${target}.partial`;
  const wav = existing.length === 0 ? null : await pcapSegmentsToWav(existing, partial);
  if (wav) await rename(partial, target);
  else await rm(partial, { force: true });
  await Promise.all([...metadata, ...existing].map((path) => rm(path, { force: true })));
  return wav ? { ...wav, fileName } : null;
}

/** The absolute path of a recording's file, kept inside the folder. */
export function recordingPath(directory: string, fileName: string): string | null {
  if (!/^calls\/\d+\.wav$/.test(fileName)) return null;
  return join(directory, fileName);
}

export const removeRecordingFile = (directory: string, fileName: string) => {
  const path = recordingPath(directory, fileName);
  return path ? rm(path, { force: true }) : Promise.resolve();
};
