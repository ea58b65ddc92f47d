/**
 * The client's address behind reverse proxies: the `trustProxy` option says which peers are
 * proxies, and only then is `X-Forwarded-For` read, from its right end (the hop nearest the
 * server) leftwards, stopping at the first address that is not a trusted proxy, as Fastify's
 * `trustProxy` and Express's `proxy-addr` do. Without the option the client is the socket's peer:
 * any client can write `X-Forwarded-For`. Addresses and ranges are Node's own (`isIP`,
 * `BlockList`).
 */
import { BlockList, isIP } from 'node:net';
import type { ClientAddressOf } from '../core/request/client-address.js';

/**
 * What `trustProxy` compiles to: undefined for `false` (the peer, and nothing else, is read);
 * `invalid` is called with what was expected for a value that is none of the forms.
 */
export function clientAddressOf(
  trust: unknown,
  invalid: (expected: string) => never,
): ClientAddressOf | undefined {
  if (trust === undefined || trust === false) return undefined;
  if (trust === true) return (peer, forwarded) => hops(peer, forwarded).at(-1) ?? peer;
  if (typeof trust === 'number') {
    if (!Number.isSafeInteger(trust) || trust < 1) invalid('a number of proxies, 1 or more');
    return (peer, forwarded) => {
      const chain = hops(peer, forwarded);
      return chain[Math.min(trust, chain.length - 1)] as string;
    };
  }
  if (!Array.isArray(trust) || trust.length === 0) {
    invalid('false, true, a number of hops, or a list of addresses and CIDR ranges');
  }
  const proxies = new BlockList();
  for (const entry of trust as readonly unknown[]) {
    if (typeof entry !== 'string' || !addTo(proxies, entry)) {
      invalid("addresses or CIDR ranges such as '10.0.0.0/8' or '::1'");
    }
  }
  // A peer that is no address (none under inject()) is never a trusted proxy.
  const trusted = (address: string) => {
    const version = isIP(address);
    return version !== 0 && proxies.check(address, version === 4 ? 'ipv4' : 'ipv6');
  };
  return (peer, forwarded) => {
    const chain = hops(peer, forwarded);
    for (let i = 0; i < chain.length - 1; i++) {
      if (!trusted(chain[i] as string)) return chain[i] as string;
    }
    return chain.at(-1) as string;
  };
}

/** Adds an address or a CIDR range; false when `entry` is neither. */
function addTo(list: BlockList, entry: string): boolean {
  const slash = entry.indexOf('/');
  const address = unmapped(slash === -1 ? entry : entry.slice(0, slash));
  const version = isIP(address);
  if (version === 0) return false;
  const family = version === 4 ? 'ipv4' : 'ipv6';
  if (slash === -1) {
    list.addAddress(address, family);
    return true;
  }
  const prefix = entry.slice(slash + 1);
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > (version === 4 ? 32 : 128)) return false;
  list.addSubnet(address, Number(prefix), family);
  return true;
}

/** The peer, then the forwarded addresses from the nearest to the farthest. */
function hops(peer: string, forwarded: readonly string[] | undefined): string[] {
  const chain = [unmapped(peer)];
  if (forwarded === undefined) return chain;
  const listed = forwarded.join(',').split(',');
  for (let i = listed.length - 1; i >= 0; i--) {
    const address = unmapped((listed[i] as string).trim());
    if (isIP(address) === 0) break;
    chain.push(address);
  }
  return chain;
}

/** `::ffff:10.1.2.3` as `10.1.2.3`: how Node shows an IPv4 peer on a dual-stack socket. */
function unmapped(address: string): string {
  return /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(address) ? address.slice(7) : address;
}
