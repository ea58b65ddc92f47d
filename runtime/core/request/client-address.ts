/**
 * The client's address behind reverse proxies: the `trustProxy` option says which peers are
 * proxies, and only then is `X-Forwarded-For` read, from its right end (the hop nearest the
 * server) leftwards, stopping at the first address that is not a trusted proxy, as Fastify's
 * `trustProxy` and Express's `proxy-addr` do. Without the option the client is the socket's peer:
 * any client can write `X-Forwarded-For`.
 */

/**
 * Which peers are trusted proxies: `false` none (the default), `true` every one (the leftmost
 * forwarded address is the client), a number of hops (that many proxies in front of the server),
 * or addresses and CIDR ranges (`'10.0.0.0/8'`, `'127.0.0.1'`, `'::1'`).
 */
export type TrustProxy = boolean | number | readonly string[];

/**
 * The client's address from the socket's peer and the request's `X-Forwarded-For` field lines;
 * built once from {@link TrustProxy} by {@link clientAddressOf}.
 */
export type ClientAddressOf = (peer: string, forwardedFor: readonly string[] | undefined) => string;

/** An address as bytes (4 for IPv4, 16 for IPv6) with the prefix length that matches it. */
interface Range {
  readonly bytes: Uint8Array;
  readonly bits: number;
}

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
  const ranges = (trust as readonly unknown[]).map((entry) => {
    const range = typeof entry === 'string' ? rangeOf(entry) : undefined;
    if (range === undefined) invalid("addresses or CIDR ranges such as '10.0.0.0/8' or '::1'");
    return range;
  });
  const trusted = (address: string) => {
    const bytes = parseAddress(address);
    return bytes !== undefined && ranges.some((r) => inRange(bytes, r));
  };
  return (peer, forwarded) => {
    const chain = hops(peer, forwarded);
    for (let i = 0; i < chain.length - 1; i++) {
      if (!trusted(chain[i] as string)) return chain[i] as string;
    }
    return chain.at(-1) as string;
  };
}

/** The peer, then the forwarded addresses from the nearest to the farthest. */
function hops(peer: string, forwarded: readonly string[] | undefined): string[] {
  const chain = [unmapped(peer)];
  if (forwarded === undefined) return chain;
  const listed = forwarded.join(',').split(',');
  for (let i = listed.length - 1; i >= 0; i--) {
    const address = (listed[i] as string).trim();
    // A hop that is not an address ends what can be believed of the chain.
    if (parseAddress(address) === undefined) break;
    chain.push(unmapped(address));
  }
  return chain;
}

/** `::ffff:10.1.2.3` as `10.1.2.3`: how Node shows an IPv4 peer on a dual-stack socket. */
function unmapped(address: string): string {
  return /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(address) ? address.slice(7) : address;
}

function rangeOf(entry: string): Range | undefined {
  const slash = entry.indexOf('/');
  const bytes = parseAddress(slash === -1 ? entry : entry.slice(0, slash));
  if (bytes === undefined) return undefined;
  if (slash === -1) return { bytes, bits: bytes.length * 8 };
  const text = entry.slice(slash + 1);
  const bits = Number(text);
  if (!/^\d{1,3}$/.test(text) || bits > bytes.length * 8) return undefined;
  return { bytes, bits };
}

function inRange(bytes: Uint8Array, range: Range): boolean {
  if (bytes.length !== range.bytes.length) return false;
  let bits = range.bits;
  for (let i = 0; bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if (((bytes[i] as number) & mask) !== ((range.bytes[i] as number) & mask)) return false;
  }
  return true;
}

/** An IPv4 address as 4 bytes, an IPv6 one as 16 (an IPv4-mapped one as 4); else undefined. */
export function parseAddress(text: string): Uint8Array | undefined {
  const address = unmapped(text);
  if (address.includes('.') && !address.includes(':')) return parseIPv4(address);
  return address.includes(':') ? parseIPv6(address) : undefined;
}

function parseIPv4(text: string): Uint8Array | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  const bytes = new Uint8Array(4);
  for (let i = 0; i < 4; i++) {
    const part = parts[i] as string;
    if (!/^(?:0|[1-9]\d{0,2})$/.test(part) || Number(part) > 255) return undefined;
    bytes[i] = Number(part);
  }
  return bytes;
}

function parseIPv6(text: string): Uint8Array | undefined {
  // A zone (`fe80::1%eth0`) names an interface, not a different address.
  const address = text.split('%')[0] as string;
  const halves = address.split('::');
  if (halves.length > 2) return undefined;
  const groups = (half: string | undefined) =>
    half === undefined || half === '' ? [] : half.split(':');
  const head = groups(halves[0]);
  const tail = groups(halves[1]);
  const words: number[] = [];
  for (const group of [...head, ...tail]) if (!/^[0-9a-f]{1,4}$/i.test(group)) return undefined;
  const count = head.length + tail.length;
  if (count > 8 || (halves.length === 1 && count !== 8)) return undefined;
  for (const g of head) words.push(Number.parseInt(g, 16));
  for (let i = count; i < 8; i++) words.push(0);
  for (const g of tail) words.push(Number.parseInt(g, 16));
  const bytes = new Uint8Array(16);
  words.forEach((w, i) => {
    bytes[2 * i] = w >> 8;
    bytes[2 * i + 1] = w & 0xff;
  });
  return bytes;
}
