import { createConnection, createServer, type Socket } from 'node:net';

export type TcpProxy = {
  port: number;
  /** Stops passing bytes either way (existing and new connections stay open): a database that froze. */
  freeze: () => void;
  thaw: () => void;
  close: () => Promise<void>;
};

/** A TCP proxy the test controls, in front of a server the test cannot freeze itself (PostgreSQL). */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let frozen = false;
  const pairs = new Set<[Socket, Socket]>();
  const server = createServer((client) => {
    const upstream = createConnection(target);
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    if (frozen) for (const socket of pair) socket.pause();
    client.pipe(upstream);
    upstream.pipe(client);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('proxy has no port');
  return {
    port: address.port,
    freeze: () => {
      frozen = true;
      for (const pair of pairs) for (const socket of pair) socket.pause();
    },
    thaw: () => {
      frozen = false;
      for (const pair of pairs) for (const socket of pair) socket.resume();
    },
    close: async () => {
      for (const pair of pairs) for (const socket of pair) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
