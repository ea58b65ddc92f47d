/** The JSON text of what a handler answers, the same for an HTTP response and a WebSocket reply. */
import { FwError } from '../errors.js';
import { json, type Writer } from './writers.js';

/**
 * `value` as JSON text by `write` (the writer fwgen generated for the handler's declared type,
 * else `JSON.stringify`). Throws `FW_ERR_RESPONSE_NOT_SERIALIZABLE` for a value that has no JSON
 * text (a function, a symbol, `undefined` inside a writer) or whose writing throws (a cycle, a
 * `bigint`), with the reason.
 * @example jsonText({ ok: true }) // '{"ok":true}'
 */
export function jsonText(value: unknown, write: Writer = json): string {
  let json: string | undefined;
  try {
    json = write(value);
  } catch (err) {
    throw new FwError(
      'FW_ERR_RESPONSE_NOT_SERIALIZABLE',
      { reason: (err as Error).message },
      { cause: err },
    );
  }
  if (json === undefined) {
    throw new FwError('FW_ERR_RESPONSE_NOT_SERIALIZABLE', {
      reason: `a ${typeof value} is not JSON`,
    });
  }
  return json;
}
