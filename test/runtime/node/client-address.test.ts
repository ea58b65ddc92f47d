// trustProxy compiled by clientAddressOf: which hop of X-Forwarded-For is the client for each form
// of the option, and the values it refuses.
import { describe, expect, it } from 'vitest';
import { clientAddressOf } from '../../../runtime/node/client-address.js';

const fail = (expected: string): never => {
  throw new Error(expected);
};

describe('clientAddressOf', () => {
  it.each([
    ['false: the peer, X-Forwarded-For unread', false, '10.0.0.1', ['1.1.1.1'], '10.0.0.1'],
    ['true: the leftmost forwarded', true, '10.0.0.1', ['1.1.1.1, 2.2.2.2'], '1.1.1.1'],
    ['1 hop: the address the proxy saw', 1, '10.0.0.1', ['1.1.1.1, 2.2.2.2'], '2.2.2.2'],
    ['2 hops', 2, '10.0.0.1', ['1.1.1.1, 2.2.2.2'], '1.1.1.1'],
    ['more hops than sent: the leftmost', 5, '10.0.0.1', ['1.1.1.1'], '1.1.1.1'],
    ['a list, the peer untrusted: the peer', ['10.0.0.0/8'], '192.0.2.1', ['1.1.1.1'], '192.0.2.1'],
    [
      'a list: the first untrusted from the right',
      ['10.0.0.0/8', '127.0.0.1'],
      '127.0.0.1',
      ['6.6.6.6, 1.1.1.1, 10.2.3.4'],
      '1.1.1.1',
    ],
    ['an IPv4-mapped peer', ['127.0.0.1'], '::ffff:127.0.0.1', ['1.1.1.1'], '1.1.1.1'],
    ['IPv6 ranges', ['fd00::/8'], 'fd12::1', ['2001:db8::7'], '2001:db8::7'],
    ['a header line per hop', ['10.0.0.0/8'], '10.0.0.1', ['1.1.1.1', '10.0.0.2'], '1.1.1.1'],
    ['a hop that is no address stops the chain', true, '10.0.0.1', ['evil, 1.1.1.1'], '1.1.1.1'],
    ['no header: the peer', true, '10.0.0.1', undefined, '10.0.0.1'],
  ] as const)('%s', (_name, trust, peer, forwarded, want) => {
    const resolve = clientAddressOf(trust, fail);
    const got = resolve === undefined ? peer : resolve(peer, forwarded);
    expect(got).toBe(want);
  });

  it.each([
    [0, 'a number of proxies, 1 or more'],
    [1.5, 'a number of proxies, 1 or more'],
    [[], 'false, true, a number of hops, or a list of addresses and CIDR ranges'],
    ['10.0.0.1', 'false, true, a number of hops, or a list of addresses and CIDR ranges'],
    [['10.0.0.0/33'], "addresses or CIDR ranges such as '10.0.0.0/8' or '::1'"],
    [['256.0.0.1'], "addresses or CIDR ranges such as '10.0.0.0/8' or '::1'"],
    [['1:2:3'], "addresses or CIDR ranges such as '10.0.0.0/8' or '::1'"],
    [['localhost'], "addresses or CIDR ranges such as '10.0.0.0/8' or '::1'"],
  ])('refuses %j', (trust, expected) => {
    expect(() => clientAddressOf(trust, fail)).toThrow(expected);
  });
});
