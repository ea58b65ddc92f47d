// Shared by the broker transport tests: waiting on a condition, a quiet logger, and numbered
// messages whose handling a test accounts for.
import { createApp, type Delivery, type LogFields, type Logger, type Transport } from 'fw';
import type { Context } from 'fw/context';
import type { ConsumerRequestContext, ExecutionContext } from 'fw/core';
import { type DomainEvent, publishEvents } from 'fw/publish';
import {
  aDuration,
  aRequestId,
  bindingsOf,
  type TestRoute,
  theRequestId,
} from '../http/support.js';

/** Resolves once `condition()` holds; rejects naming `what` after `timeoutMs`. */
export async function waitFor(
  what: string,
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** One record a {@link quietLogger} was given. */
export interface QuietRecord {
  readonly level: string;
  readonly msg: string;
  readonly fields: LogFields;
}

/** A logger that keeps what it was told, so failures the test causes stay out of the output. */
export function quietLogger() {
  const messages: string[] = [];
  const records: QuietRecord[] = [];
  const at = (level: string) => (fields: LogFields, msg: string) => {
    messages.push(msg);
    records.push({ level, msg, fields });
  };
  return {
    messages,
    records,
    error: at('error'),
    warn: at('warn'),
    info: at('info'),
    debug: at('debug'),
  } satisfies Logger & { messages: string[]; records: QuietRecord[] };
}

/** What becomes of a message whose handler failed. */
export type Disposition = 'redelivered' | 'dead-lettered' | 'dropped';

/** A failed delivery as a test expects fw to log it (runtime/events/delivery-log.ts). */
export interface ExpectedDeliveryFailure {
  readonly event: string;
  /** This delivery's number, 1 for the first. */
  readonly attempt: number;
  readonly maxAttempts: number;
  readonly disposition: Disposition;
  /** The error logged, as `toEqual` compares it, or a matcher. */
  readonly err: unknown;
  /** The consumer group, on a broker. */
  readonly group?: string;
  /** The id the message was published with, which must be one; any request id when left out. */
  readonly requestId?: unknown;
  /** The error's code (an `FW_ERR_*`); none when not given. */
  readonly code?: string;
  /** Where a dead-lettered message went: the NATS subject, the RabbitMQ exchange. */
  readonly deadLetterTo?: string;
  /** Why the message could not be dead-lettered. */
  readonly deadLetterError?: string;
}

/** The one record of a failed delivery, at `error`, with its event, attempt and disposition. */
export function eventFailed(expected: ExpectedDeliveryFailure): QuietRecord {
  const { requestId, ...fields } = expected;
  const id = 'requestId' in expected ? theRequestId(requestId) : aRequestId;
  return {
    level: 'error',
    msg: 'event failed',
    fields: { ...fields, requestId: id, durationMs: aDuration },
  };
}

/** Records what a handler was given, keyed by the payload's `id`. */
export class Recorder {
  readonly counts = new Map<number, number>();
  readonly names: string[] = [];
  total = 0;

  /** Counts one delivery of a payload `{ id }`. */
  record(delivery: Delivery): number {
    const { id } = JSON.parse(Buffer.from(delivery.payload).toString('utf8')) as { id: number };
    this.counts.set(id, (this.counts.get(id) ?? 0) + 1);
    this.names.push(delivery.eventName);
    this.total++;
    return id;
  }

  /** Whether every id below `n` was handled at least once. */
  hasAll(n: number): boolean {
    for (let id = 0; id < n; id++) if (!this.counts.has(id)) return false;
    return true;
  }
}

const encoder = new TextEncoder();

/** The payload of message `id`. */
export function payload(id: number): Uint8Array {
  return encoder.encode(JSON.stringify({ id }));
}

/** Publishes messages `from` to `to - 1` of `eventName`, each acknowledged by the broker. */
export async function publishRange(
  transport: Transport,
  eventName: string,
  to: number,
  from = 0,
): Promise<void> {
  const sends: Promise<void>[] = [];
  for (let id = from; id < to; id++) sends.push(transport.publish(eventName, payload(id)));
  await Promise.all(sends);
}

/** The event the request-id tests publish. */
export const EVENT = 'order.placed';

/** What a consumer of the request-id tests saw of one message. */
export interface Seen {
  readonly orderId: number;
  readonly requestId: string;
}

/**
 * The routes of the request-id tests on a broker: `POST /orders/:id` publishes {@link EVENT},
 * whose consumer records each message's request id in `seen` and fails for a negative order.
 */
export function requestIdRoutes(): { seen: Seen[]; routes: TestRoute[] } {
  const seen: Seen[] = [];
  const routes: TestRoute[] = [
    {
      method: 'POST',
      path: '/orders/:id',
      params: ['id:number', 'ctx:fw/context#Context'],
      handle: (id: number, ctx: Context) => {
        publishEvents(ctx, { name: EVENT, occurredAt: new Date(0), orderId: id } as DomainEvent);
        return { orderId: id };
      },
    },
    {
      method: 'EVENT',
      path: EVENT,
      params: ['ctx:fw/core#ConsumerRequestContext'],
      handle: (ctx: ConsumerRequestContext) => {
        const { orderId } = JSON.parse(Buffer.from(ctx.payload()).toString('utf8'));
        seen.push({ orderId, requestId: ctx.requestId() });
        if (orderId < 0) throw new Error(`cannot ship order ${orderId}`);
      },
    },
  ];
  return { seen, routes };
}

/** A route interceptor whose `afterCompletion` throws for even ids and rejects for odd ones. */
export class FailingCompletion {
  afterCompletion(ctx: ExecutionContext): Promise<void> {
    const { id } = JSON.parse(
      Buffer.from((ctx as unknown as ConsumerRequestContext).payload()).toString('utf8'),
    );
    if (id % 2 === 0) throw new Error(`audit of ${id} failed`);
    return Promise.reject(new Error(`audit of ${id} failed`));
  }
}

/**
 * An app on `transport` whose one consumer of {@link EVENT} counts each payload `{ id }` it ran for,
 * behind a {@link FailingCompletion}: Spine's AfterCompletion fails nothing, so every message is
 * acknowledged once, with its failure logged.
 */
export function failingCompletionApp(transport: Transport) {
  const handled = new Map<number, number>();
  const logger = quietLogger();
  const app = createApp({
    transport,
    logger,
    bindings: bindingsOf([
      {
        method: 'EVENT',
        path: EVENT,
        params: ['ctx:fw/core#ConsumerRequestContext'],
        interceptors: [FailingCompletion],
        handle: (ctx: ConsumerRequestContext) => {
          const { id } = JSON.parse(Buffer.from(ctx.payload()).toString('utf8')) as { id: number };
          handled.set(id, (handled.get(id) ?? 0) + 1);
        },
      },
    ]),
  });
  /** Each id below `n` handled exactly once. */
  const once = (n: number) => [...Array(n).keys()].map((id) => [id, 1]);
  const failures = () => logger.records.filter((r) => r.msg === 'afterCompletion failed');
  return { app, handled, logger, once, failures };
}
