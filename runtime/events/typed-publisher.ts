/**
 * The publisher that `fwgen --client-events` generates for a service outside the app: it puts an
 * event on the app's transport exactly as the app's own `publishEvents` would (the same JSON text,
 * the same request id and trace context headers), after the app's consumers' validators accepted that text, so a
 * message the app would dead-letter never reaches the broker.
 */
import { newRequestId, requestIdFor } from '../core/context/request-id.js';
import { FwError } from '../core/errors.js';
import { describe } from '../core/resolvers/body-resolver.js';
import type { ValidationIssue, Validator } from '../core/validate/validator.js';
import type { Transport } from './transport.js';

/** How a generated publisher checks and writes one event name. */
export interface EventCodec {
  /**
   * The validators of the payload types the app's consumers of the event declare: the JSON
   * written must pass every one. None when every consumer reads the raw payload.
   */
  readonly validate: readonly Validator[];
  /**
   * The app's writer of the event, when the app publishes it with a type fwgen read; otherwise
   * the event is written by `JSON.stringify`, as the app writes such an event.
   */
  readonly write?: (event: unknown) => string | undefined;
}

/** What one `publish` call may add. */
export interface PublishOptions {
  /**
   * The id the consumer's `requestId()` reads, such as the id of the request that made this
   * service publish; a new one when absent or not a short token (as the app makes its own).
   */
  readonly requestId?: string;
  /**
   * The trace context to carry to the consumer (`traceparent`, `tracestate`, `baggage`), as an
   * OpenTelemetry propagator injects it into a plain object; the transport sends only those fields.
   */
  readonly trace?: Readonly<Record<string, string>>;
}

/** Publishes typed events to an app's consumers: `E` maps each event name to its payload type. */
export interface TypedPublisher<E> {
  /**
   * Writes `payload` as the app would, checks the JSON with the consumers' validators, and sends
   * it; resolves once the transport has it. Rejects with `FW_ERR_EVENT_INVALID`, listing every
   * failed check in `extensions.errors`, and sends nothing, when a check fails.
   */
  publish<N extends keyof E & string>(
    name: N,
    payload: E[N],
    options?: PublishOptions,
  ): Promise<void>;
  /** Closes the transport: lets the messages being sent finish, then disconnects. */
  close(): Promise<void>;
}

const encoder = new TextEncoder();

/**
 * A publisher of the events `codecs` describe over `transport`; `fwgen --client-events` writes
 * the call, with a codec per event name the app consumes.
 * @example
 * const publisher = typedPublisher<Events>(CODECS, rabbitmqTransport({ url }));
 * await publisher.publish('order.placed', { name: 'order.placed', orderId: 1, … });
 */
export function typedPublisher<E>(
  codecs: { readonly [N in keyof E]: EventCodec },
  transport: Transport,
): TypedPublisher<E> {
  const byName = new Map<string, EventCodec>(Object.entries(codecs));
  return {
    async publish(name, payload, options) {
      const codec = byName.get(name);
      if (codec === undefined) {
        throw new FwError('FW_ERR_NO_CONSUMER', { event: name });
      }
      const text = codec.write?.(payload) ?? JSON.stringify(payload);
      const issues = text === undefined ? [NOT_JSON] : issuesOf(codec.validate, JSON.parse(text));
      if (issues.length > 0) {
        const errors = issues.map(({ path, message }) => ({ path, message }));
        throw new FwError(
          'FW_ERR_EVENT_INVALID',
          { event: name, issues: describe(issues) },
          { extensions: { errors } },
        );
      }
      const requestId =
        options?.requestId === undefined ? newRequestId() : requestIdFor(options.requestId);
      const trace = options?.trace;
      const metadata = trace === undefined ? { requestId } : { requestId, trace };
      await transport.publish(name, encoder.encode(text), metadata);
    },
    close: () => transport.close(),
  };
}

/** What a payload that JSON cannot hold (`undefined`, a function) fails with. */
const NOT_JSON: ValidationIssue = { path: '', message: 'expected a JSON value' };

/** The issues every validator finds in `value`, each once, in the validators' order. */
function issuesOf(validators: readonly Validator[], value: unknown): ValidationIssue[] {
  const seen = new Set<string>();
  const issues: ValidationIssue[] = [];
  for (const validate of validators) {
    const outcome = validate(value);
    if (outcome.ok) continue;
    for (const issue of outcome.issues) {
      const key = `${issue.path}\n${issue.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      issues.push(issue);
    }
  }
  return issues;
}
