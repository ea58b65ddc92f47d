/**
 * The spans of events, after the messaging conventions: a PRODUCER span `send {event}` around
 * each event sent, whose context travels with the message (`EventMetadata.trace`), and a CONSUMER
 * span `process {event}` around each delivery of it, whose parent is that context, so the trace
 * goes on through the broker, with a link to it as the conventions ask. One span per delivery
 * attempt: a redelivered message gives one more in the same trace, its attempt and what became
 * of it (`fw.messaging.outcome`) on each. `messaging.process.duration` records each attempt.
 */
import { randomUUID } from 'node:crypto';
import { addRecordFields } from '../../core/log/record-fields.js';
import { dispositionOf } from '../../events/delivery-log.js';
import type { Delivery, DeliveryHandler } from '../../events/transport.js';
import type { ConsumerFacts, SendEvent } from '../instrumentation.js';
import type { Attributes, Link } from './otel.js';
import { SpanKind } from './otel.js';
import {
  asError,
  defined,
  errorType,
  FIELD_GETTER,
  FIELD_SETTER,
  type FieldCarrier,
  markFailed,
  type Telemetry,
  traceFields,
  within,
} from './shared.js';

/** What became of a delivery: acknowledged, or what the transport does with a failed one. */
export type Outcome = 'ack' | 'redelivered' | 'dead-lettered' | 'dropped' | 'failed';

/** Wraps sending events by the transport named `system`: a PRODUCER span for each. */
export function tracedSend(t: Telemetry, send: SendEvent, system: string): SendEvent {
  return (eventName, payload, metadata) => {
    const parent = t.api.context.active();
    // The id is chosen here, so that the span can name the message the consumers will see.
    const messageId = metadata.messageId ?? randomUUID();
    const attributes: Attributes = {
      'messaging.system': system,
      'messaging.operation.type': 'send',
      'messaging.operation.name': 'send',
      'messaging.destination.name': eventName,
      'messaging.message.id': messageId,
      'messaging.message.body.size': payload.byteLength,
    };
    const kind = SpanKind.PRODUCER;
    const span = t.tracer.startSpan(`send ${eventName}`, { kind, attributes }, parent);
    const trace: FieldCarrier = {};
    t.propagator.inject(t.api.trace.setSpan(parent, span), trace, FIELD_SETTER);
    const sending = { ...metadata, trace, messageId };
    const sent = within(t, parent, span, () => send(eventName, payload, sending));
    return sent.then(
      () => span.end(),
      (err: unknown) => {
        markFailed(span, asError(err));
        span.end();
        throw err;
      },
    );
  };
}

/** Wraps the handler of `consumer`'s deliveries: a CONSUMER span for each. */
export function tracedDeliveries(
  t: Telemetry,
  handle: DeliveryHandler,
  consumer: ConsumerFacts,
): DeliveryHandler {
  return (delivery) => {
    const carried = delivery.metadata?.trace;
    const root = t.api.ROOT_CONTEXT;
    const parent = carried === undefined ? root : t.propagator.extract(root, carried, FIELD_GETTER);
    const producer = t.api.trace.getSpan(parent)?.spanContext();
    const links: Link[] = producer === undefined ? [] : [{ context: producer }];
    const attributes = deliveryAttributes(delivery, consumer);
    const kind = SpanKind.CONSUMER;
    const name = `process ${delivery.eventName}`;
    const span = t.tracer.startSpan(name, { kind, attributes, links }, parent);
    const fields = traceFields(span);
    if (fields !== undefined) addRecordFields(delivery, fields);
    const startedAt = performance.now();
    const settle = (outcome: Outcome, err?: unknown) => {
      span.setAttribute('fw.messaging.outcome', outcome);
      if (err !== undefined) markFailed(span, asError(err));
      span.end();
      t.processDuration.record(
        (performance.now() - startedAt) / 1000,
        defined({
          'messaging.system': consumer.system,
          'messaging.operation.name': 'process',
          'messaging.destination.name': delivery.eventName,
          'messaging.consumer.group.name': consumer.group,
          'fw.messaging.outcome': outcome,
          'error.type': err === undefined ? undefined : errorType(asError(err)),
        }),
      );
    };
    return within(t, parent, span, () => handle(delivery)).then(
      () => settle('ack'),
      (err: unknown) => {
        const attempt = delivery.attempt;
        settle(attempt === undefined ? 'failed' : dispositionOf(err, attempt), err);
        throw err;
      },
    );
  };
}

/** The attributes of one delivery as it starts. */
function deliveryAttributes(delivery: Delivery, consumer: ConsumerFacts): Attributes {
  return {
    'messaging.system': consumer.system,
    'messaging.operation.type': 'process',
    'messaging.operation.name': 'process',
    'messaging.destination.name': delivery.eventName,
    'messaging.consumer.group.name': consumer.group,
    'messaging.message.id': delivery.messageId,
    'messaging.message.body.size': delivery.payload.byteLength,
    'fw.messaging.attempt': delivery.attempt?.number,
  };
}
