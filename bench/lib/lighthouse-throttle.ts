/**
 * A TCP proxy that gives everything passing through it a slow mobile link: a round trip per new
 * connection (the TCP handshake), half a round trip each way per chunk, and one shared downlink and
 * one shared uplink of fixed bandwidth (bytes queue behind each other, whichever connection sent them).
 *
 * Why not DevTools throttling: Chrome applies Network.emulateNetworkConditions per target, so requests
 * a service worker makes itself escape it, and Lighthouse's simulation counts responses the worker
 * answers from its cache as if they came over the network. A link below the browser slows exactly
 * what really crosses the network and nothing else, which is what a repeat visit is about.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';

export interface LinkProfile {
  rttMs: number;
  downKbps: number;
  upKbps: number;
}

/** Lighthouse's "Slow 4G" (mobileSlow4G) as a packet-level link: 150 ms RTT, 1.6 Mbps down, 750 kbps up. */
export const SLOW_4G: LinkProfile = { rttMs: 150, downKbps: 1.6 * 1024, upKbps: 750 };

/** Pieces this big share the link in turn, so one large file does not hold up every other connection. */
const SLICE_BYTES = 4096;

const sleepUntil = (at: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, at - performance.now())));

/** One direction of the link: a FIFO of bytes at a fixed rate, shared by every connection. */
class Pipe {
  private freeAt = 0;
  constructor(private readonly kbps: number) {}
  /** When the last byte of `bytes` has left the sender, queued now but not sent before `notBefore`. */
  transmit(bytes: number, notBefore: number): number {
    const start = Math.max(performance.now(), notBefore, this.freeAt);
    this.freeAt = start + (bytes * 8) / this.kbps / 1.024; // kbps of 1024 bits: ms = bits / (kbps * 1.024)
    return this.freeAt;
  }
}

export interface Throttle {
  port: number;
  /** Bytes that crossed the link so far (server to browser, browser to server) and connections opened. */
  traffic(): { down: number; up: number; connections: number };
  close(): Promise<void>;
}

/** Listens on 127.0.0.1 (a free port) and forwards each connection to `target` through the link. */
export async function startThrottle(
  target: { host: string; port: number },
  link = SLOW_4G,
): Promise<Throttle> {
  const down = new Pipe(link.downKbps);
  const up = new Pipe(link.upKbps);
  const sockets = new Set<Socket>();
  const traffic = { down: 0, up: 0, connections: 0 };

  const server: Server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    sockets.add(client).add(upstream);
    traffic.connections++;
    // The client may send as soon as its handshake is done: one round trip after it connected.
    const handshakeDone = performance.now() + link.rttMs;
    let toServer = Promise.resolve();
    let toClient = Promise.resolve();

    // Link time is reserved when the bytes reach the proxy (a FIFO queue, as at a router); each
    // slice is written out when its last bit would have arrived, in order per connection.
    const relay = (chunk: Buffer, pipe: Pipe, notBefore: number, out: Socket, chain: Promise<void>) => {
      let next = chain;
      for (let at = 0; at < chunk.length; at += SLICE_BYTES) {
        const slice = chunk.subarray(at, at + SLICE_BYTES);
        const arrives = pipe.transmit(slice.length, notBefore) + link.rttMs / 2;
        next = next.then(async () => {
          await sleepUntil(arrives);
          if (!out.destroyed) out.write(slice);
        });
      }
      return next;
    };
    client.on('data', (chunk: Buffer) => {
      traffic.up += chunk.length;
      toServer = relay(chunk, up, handshakeDone, upstream, toServer);
    });
    upstream.on('data', (chunk: Buffer) => {
      traffic.down += chunk.length;
      toClient = relay(chunk, down, 0, client, toClient);
    });
    client.on('end', () => void toServer.then(() => upstream.end()));
    upstream.on('end', () => void toClient.then(() => client.end()));
    const destroyBoth = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', destroyBoth).on('close', () => void toClient.then(destroyBoth));
    upstream.on('error', destroyBoth).on('close', () => void toClient.then(destroyBoth));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    traffic: () => ({ ...traffic }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
