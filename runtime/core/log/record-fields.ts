/**
 * Fields that fw's log records about one request, message or delivery carry, kept beside the
 * object that stands for it (the exchange, the message, the delivery). Telemetry adds the trace a
 * request ran under here, so that the record fw writes after its span has ended, when the request
 * failed, still names the trace.
 */
import type { LogFields } from './logger.js';

const kept = new WeakMap<object, LogFields>();

/** Adds `fields` to every record fw writes about `owner` from now on. @internal */
export function addRecordFields(owner: object, fields: LogFields): void {
  kept.set(owner, { ...kept.get(owner), ...fields });
}

/** The fields added for `owner`, or undefined. @internal */
export function recordFieldsOf(owner: object): LogFields | undefined {
  return kept.get(owner);
}
