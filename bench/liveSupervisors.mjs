// The supervisors' pages of bench/live.ts, in a worker thread so their event handling does not share the app's event
// loop. Each page is a bare WebSocket speaking Engine.IO 4 / Socket.IO 5 (open, connect, join the live room, answer
// pings) and reading only what the bench needs of each newAgentStateData in the live room's liveBatch frames: 200 full socket.io-client decoders on one
// core would measure the bench's own parsing, not the server. It records, per agent and status start, how many pages
// received the event and when the last one did. Plain JavaScript: a worker thread does not get tsx's loader.
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';

const { urls, cookie, sockets } = workerData;
/** @type {Map<string, { count: number; last: number }>} */
const received = new Map();
const clock = () => performance.timeOrigin + performance.now();
const FRAME = '42["liveBatch",';
/** Each agent state event of a live room frame: its agent and status start, without parsing the whole payload. */
const STATE = /"event":"newAgentStateData","payload":\{"user_id":(\d+),[^}]*?"status_started_at":"([^"]+)"/g;

function heard(frame) {
  const at = clock();
  for (const match of frame.matchAll(STATE)) {
    const key = `${match[1]}|${match[2]}`;
    const entry = received.get(key) ?? { count: 0, last: 0 };
    entry.count += 1;
    entry.last = at;
    received.set(key, entry);
  }
}

const clients = [];
function page(url) {
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`, {
    headers: { cookie },
  });
  clients.push(socket);
  return new Promise((resolve, reject) => {
    socket.on('error', reject);
    socket.on('message', (data) => {
      const frame = data.toString();
      if (frame.startsWith(FRAME)) heard(frame);
      else if (frame === '2') socket.send('3');
      else if (frame.startsWith('0')) socket.send('40');
      else if (frame.startsWith('40')) socket.send('42["join",{"rooms":["live"]}]');
      else if (frame.startsWith('42["join"') && frame.includes('"live"')) resolve();
    });
  });
}

await Promise.all(Array.from({ length: sockets }, (_, index) => page(urls[index % urls.length])));
parentPort?.postMessage({ ready: true });

parentPort?.on('message', (message) => {
  if (!message.collect) return;
  parentPort?.postMessage({ received: [...received] });
  for (const socket of clients) socket.close();
});
