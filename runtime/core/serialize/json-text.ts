/** The JSON text of what a handler answers, the same for an HTTP response and a WebSocket reply. */
import { FwError } from '../errors.js';

/** Writes a value as JSON text; undefined for a value that has none (a function, a symbol). */
export type JsonWriter = (value: unknown) => string | undefined;

const stringify: JsonWriter = (value) => JSON.stringify(value);

/**
 * `value` as JSON text by `write` (the writer fwgen generated for the handler's declared type,
 * else `JSON.stringify`). Throws `FW_ERR_RESPONSE_NOT_SERIALIZABLE` for a value that has no JSON
 * text (a function, a symbol, `undefined` inside a writer) or whose writing throws (a cycle, a
 * `bigint`), with the reason.
 * @example jsonText({ ok: true }) // '{"ok":true}'
 */
export function jsonText(value: unknown, write: JsonWriter = stringify): string {
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
