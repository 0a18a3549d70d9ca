/**
 * @module lib/client-address.server — the address of the visitor behind a request, for the sign-in limits
 * (decision 069): the connection's peer, or, when that peer is a proxy named in `TRUSTED_PROXIES`, the
 * nearest address in `X-Forwarded-For` that is not one of them. React Router's `Request` carries no socket, so
 * Node's `http.server.request.start` channel hands each request's peer to the async context it runs in.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { subscribe } from 'node:diagnostics_channel';
import type { Socket } from 'node:net';

const peer = new AsyncLocalStorage<string>();

// Published synchronously just before the server emits 'request', so everything the handler awaits — loaders,
// actions — runs inside this store.
subscribe('http.server.request.start', (message) => {
  const { socket } = message as { socket?: Socket };
  peer.enterWith(socket?.remoteAddress ?? '');
});

/** `::ffff:127.0.0.1` (an IPv4 peer on a dual-stack socket) is 127.0.0.1. */
const plain = (address: string) => address.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

/**
 * The visitor's address: `peerAddress` unless it is a trusted proxy, then `X-Forwarded-For` read from the right
 * (each proxy appends), skipping trusted proxies, because every hop left of the first untrusted one could have
 * been written by the visitor. 'unknown' when there is no peer (a request made in-process, e.g. a test).
 * @example clientAddress(request, ['10.0.0.2'], '10.0.0.2') // with X-Forwarded-For: 198.51.100.7, 10.0.0.2 → '198.51.100.7'
 */
export function clientAddress(
  request: Request,
  trustedProxies: readonly string[],
  peerAddress: string = peer.getStore() ?? '',
): string {
  const trusted = new Set(trustedProxies.map(plain));
  let address = plain(peerAddress);
  if (!address) return 'unknown';
  const hops = (request.headers.get('X-Forwarded-For') ?? '').split(',').map(plain).filter(Boolean);
  while (trusted.has(address) && hops.length > 0) address = hops.pop() as string;
  return address;
}
