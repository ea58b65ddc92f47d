// Options are checked when the transport is created, naming the option; no broker needed.
import { RabbitMqTransport, type RabbitMqTransportOptions } from 'fw/transport/rabbitmq';
import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../../../runtime/transport/rabbitmq/options.js';
import { queueArguments } from '../../../runtime/transport/rabbitmq/topology.js';
import { reconnectDelay } from '../../../runtime/transport/shared/reconnect.js';

const base: RabbitMqTransportOptions = { url: 'amqp://127.0.0.1', group: 'billing' };

describe('rabbitmq transport options', () => {
  it.each<[string, Partial<RabbitMqTransportOptions>, string]>([
    ['group', { group: '' }, "option 'group' must be a non-empty string; got ''"],
    [
      'exchange',
      { exchange: 'amq.topic' },
      "option 'exchange' must be a name not starting with 'amq.'",
    ],
    ['prefetch', { prefetch: 0 }, "option 'prefetch' must be an integer from 1 to 65535; got 0"],
    ['maxDeliveries', { maxDeliveries: 1.5 }, "option 'maxDeliveries' must be an integer from 1"],
    [
      'reconnect.jitter',
      { reconnect: { jitter: 2 } },
      "option 'reconnect.jitter' must be a number from 0 to 1; got 2",
    ],
    [
      'publishTimeoutMs',
      { publishTimeoutMs: -1 },
      "option 'publishTimeoutMs' must be an integer from 1",
    ],
  ])('rejects a bad %s', (_, bad, message) => {
    expect(() => new RabbitMqTransport({ ...base, ...bad })).toThrow(message);
  });

  it('names the queue after the group and derives the dead-letter names', () => {
    const resolved = resolveOptions({ ...base, maxDeliveries: 4 });
    expect(queueArguments(resolved)).toEqual({
      'x-queue-type': 'quorum',
      'x-delivery-limit': 3,
      'x-dead-letter-exchange': 'fw.events.dead',
      'x-dead-letter-routing-key': 'billing',
      'x-dead-letter-strategy': 'at-least-once',
      'x-overflow': 'reject-publish',
    });
    expect(resolved.deadLetter).toEqual({ exchange: 'fw.events.dead', queue: 'billing.dead' });
    expect(queueArguments(resolveOptions({ ...base, deadLetter: false }))).toEqual({
      'x-queue-type': 'quorum',
      'x-delivery-limit': 4,
    });
  });

  it('backs off exponentially within the jitter, never beyond maxDelayMs', () => {
    const options = { ...resolveOptions(base).reconnect, initialDelayMs: 100, jitter: 0.2 };
    for (let i = 0; i < 50; i++) {
      const [first, third, late] = [1, 3, 20].map((n) => reconnectDelay(options, n));
      expect(first).toBeGreaterThanOrEqual(80);
      expect(first).toBeLessThanOrEqual(120);
      expect(third).toBeGreaterThanOrEqual(320);
      expect(third).toBeLessThanOrEqual(480);
      expect(late).toBeLessThanOrEqual(options.maxDelayMs);
    }
  });
});
