// natsTransport's options: each wrong value is refused, naming the option; no server needed.
import { type NatsTransportOptions, natsTransport } from 'fw/transport/nats';
import { describe, expect, it } from 'vitest';
import { covers } from '../../../runtime/transport/nats/topology.js';

const base: NatsTransportOptions = { url: 'nats://127.0.0.1:4222', group: 'billing' };

describe('natsTransport options', () => {
  it.each<[string, Partial<NatsTransportOptions>, string]>([
    ['an empty url', { url: '' }, "option 'url' must be a non-empty string; got ''"],
    ['a group with a dot', { group: 'a.b' }, "option 'group' must be a name without whitespace"],
    ['a stream with a space', { stream: 'a b' }, "option 'stream' must be a name without"],
    ['a wildcard prefix', { subjectPrefix: 'fw.*' }, "option 'subjectPrefix' must be a subject"],
    ['a system prefix', { subjectPrefix: '$JS.x' }, "option 'subjectPrefix' must be a subject"],
    ['maxDeliver 0', { maxDeliver: 0 }, "option 'maxDeliver' must be an integer from 1 to"],
    ['ackWait under 1 s', { ackWait: 500 }, "option 'ackWait' must be an integer from 1000 to"],
    ['concurrency 0', { concurrency: 0 }, "option 'concurrency' must be an integer from 1 to"],
    [
      'dead letters among the events',
      { deadLetterSubject: 'fw.events.dead' },
      "option 'deadLetterSubject' must be a subject outside 'fw.events.>' (the events)",
    ],
    ['a jitter over 1', { reconnect: { jitter: 2 } }, "option 'reconnect.jitter' must be a number"],
    [
      'a negative maxAttempts',
      { reconnect: { maxAttempts: -1 } },
      "option 'reconnect.maxAttempts' must be an integer ≥ 0 or Infinity; got -1",
    ],
    [
      'a deliver policy',
      { deliverPolicy: 'last' as 'new' },
      "option 'deliverPolicy' must be one of 'new', 'all'; got 'last'",
    ],
  ])('refuses %s', (_, options, message) => {
    expect(() => natsTransport({ ...base, ...options })).toThrow(`natsTransport ${message}`);
  });

  it('takes the defaults without a server', () => {
    expect(() => natsTransport(base)).not.toThrow();
  });
});

describe('stream subject coverage', () => {
  it.each<[string, string, boolean]>([
    ['fw.events.>', 'fw.events.>', true],
    ['fw.events.>', 'fw.events.order.placed', true],
    ['fw.events.>', 'fw.events', false],
    ['fw.events.*', 'fw.events.order', true],
    ['fw.events.*', 'fw.events.order.placed', false],
    ['fw.events.*', 'fw.events.>', false],
    ['fw.events-dead.g', 'fw.events-dead.g', true],
    ['fw.events-dead.g', 'fw.events-dead.h', false],
  ])('%s holds %s: %s', (held, wanted, expected) => {
    expect(covers(held, wanted)).toBe(expected);
  });
});
