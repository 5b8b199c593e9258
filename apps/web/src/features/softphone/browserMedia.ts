/*
 * The incoming-call ringtone: a generated two-tone ring (Web Audio), so no audio file ships. Rings 1.2 s in every
 * 3 s until stopped. Silent where the browser has no Web Audio.
 */

const RING_MS = 1200;
const CYCLE_MS = 3000;

export function createRingtone(): { start(): void; stop(): void } {
  let context: AudioContext | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;

  const ringOnce = () => {
    if (!context) return;
    const gain = context.createGain();
    gain.gain.value = 0.08;
    gain.connect(context.destination);
    const at = context.currentTime;
    for (const frequency of [440, 480]) {
      const tone = context.createOscillator();
      tone.frequency.value = frequency;
      tone.connect(gain);
      tone.start(at);
      tone.stop(at + RING_MS / 1000);
    }
  };

  return {
    start() {
      if (timer !== null || typeof AudioContext === 'undefined') return;
      context = new AudioContext();
      ringOnce();
      timer = setInterval(ringOnce, CYCLE_MS);
    },
    stop() {
      if (timer !== null) clearInterval(timer);
      timer = null;
      void context?.close().catch(() => undefined);
      context = null;
    },
  };
}

/** A desktop notification, only when the user has allowed them. */
export function notifyDesktop(title: string, body: string): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  try {
    new Notification(title, { body, tag: 'shiftline-incoming-call' });
  } catch {
    // Some browsers allow notifications only from a service worker: the ringtone and the page still tell.
  }
}

/** Asks once for desktop notifications, when the user has not decided yet. */
export function askForNotifications(): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'default') return;
  void Notification.requestPermission().catch(() => undefined);
}

/** Whether the browser gives the microphone (the permission prompt shows here, before any call). */
export async function microphoneAllowed(): Promise<boolean> {
  if (!navigator.mediaDevices?.getUserMedia) return false;
  try {
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true, video: false });
    for (const track of stream.getTracks()) track.stop();
    return true;
  } catch {
    return false;
  }
}
