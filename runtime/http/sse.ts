/**
 * Server-Sent Events (HTML Living Standard, section 9.2 "Server-sent events"): `sse(source)` turns
 * an async iterable of events into a `text/event-stream` body, with a comment line as heartbeat
 * so that proxies keep an idle connection open.
 * @see https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation
 */
import { FwError } from '../core/errors.js';
import { json, type Writer } from '../core/serialize/writers.js';
import { Reply } from './reply.js';

/**
 * One event: `data` is sent as it is when a string, as JSON otherwise (by the writer fwgen
 * generated for `T` when the handler declares it, see {@link sse}).
 */
export interface SseEvent<T = unknown> {
  /** The event's id; the browser sends the last one back as `Last-Event-ID` when it reconnects. */
  readonly id?: string | number;
  /** The event's type (`addEventListener(event, …)` in the browser); `message` when absent. */
  readonly event?: string;
  readonly data: T;
  /** How long the browser waits before reconnecting, in milliseconds. */
  readonly retry?: number;
}

/**
 * What a source of events may give: an {@link SseEvent} (an object with `data`), a string, or the
 * data itself (by default any JSON value).
 */
export type SseItem<T = number | boolean | null | object> = SseEvent<T> | string | T;

/** Options of {@link sse}. */
export interface SseOptions {
  /** How long the stream may stay silent before a comment line is sent. @default 15000 */
  readonly heartbeatMs?: number;
}

/**
 * The body {@link sse} returns: the events as text, one chunk each. `T` is the events' data type,
 * which fwgen reads to generate the writer the data is sent by.
 */
export class SseStream<T = unknown> implements AsyncIterable<string> {
  readonly #source: AsyncIterable<SseItem<T>>;
  readonly #heartbeatMs: number;
  readonly #write: Writer | undefined;

  constructor(source: AsyncIterable<SseItem<T>>, heartbeatMs: number, write?: Writer) {
    this.#source = source;
    this.#heartbeatMs = heartbeatMs;
    this.#write = write;
  }

  /**
   * The same stream, each event's data that is not a string written by `write` (the handler's
   * generated writer) instead of `JSON.stringify`.
   */
  writtenBy(write: Writer): SseStream<T> {
    return new SseStream(this.#source, this.#heartbeatMs, write);
  }

  [Symbol.asyncIterator](): AsyncIterator<string> {
    return new SseIterator(this.#source[Symbol.asyncIterator](), this.#heartbeatMs, this.#write);
  }
}

/**
 * A `text/event-stream` response of the events of `source`, with `Cache-Control: no-cache`. It
 * opens with a comment (so the browser's `EventSource` opens at once), sends a comment line after
 * `heartbeatMs` without an event, and ends when the source ends or the client goes away (the
 * source's `return()` is called). The handler reads the `Last-Event-ID` request header to resume.
 * `T`, the data type, is inferred from `source`; when fwgen reads it as an object or array type,
 * each event's data is written by its declared properties only, as a JSON answer is.
 * @example return sse(ticksAfter(req.header('last-event-id')), { heartbeatMs: 10_000 });
 * @see docs/API.md "Server-Sent Events"
 */
export function sse<T = number | boolean | null | object>(
  source: AsyncIterable<SseItem<T>>,
  options: SseOptions = {},
): Reply<SseStream<T>, 200> {
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  if (!Number.isFinite(heartbeatMs) || heartbeatMs <= 0) {
    invalid('heartbeatMs', 'a positive number of milliseconds', String(heartbeatMs));
  }
  return new Reply<SseStream<T>, 200>(new SseStream(source, heartbeatMs), undefined, HEADERS);
}

const HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Content-Type': 'text/event-stream',
  'Cache-Control': 'no-cache',
});

/** A comment line: ignored by the browser, it keeps the connection alive. */
const COMMENT = ':\n\n';
const HEARTBEAT = Symbol('heartbeat');

/** Gives the first comment, then each event formatted, or a comment when one is long in coming. */
class SseIterator implements AsyncIterator<string> {
  readonly #source: AsyncIterator<unknown>;
  readonly #heartbeatMs: number;
  readonly #write: Writer | undefined;
  #opened = false;
  #done = false;
  /** The source's next item, still awaited when a heartbeat came first. */
  #pending: Promise<IteratorResult<unknown>> | undefined;
  #timer: NodeJS.Timeout | undefined;

  constructor(source: AsyncIterator<unknown>, heartbeatMs: number, write: Writer | undefined) {
    this.#source = source;
    this.#heartbeatMs = heartbeatMs;
    this.#write = write;
  }

  async next(): Promise<IteratorResult<string>> {
    if (this.#done) return { done: true, value: undefined };
    if (!this.#opened) {
      this.#opened = true;
      return { done: false, value: COMMENT };
    }
    this.#pending ??= this.#source.next();
    const beat = new Promise<typeof HEARTBEAT>((resolve) => {
      this.#timer = setTimeout(resolve, this.#heartbeatMs, HEARTBEAT);
    });
    let got: IteratorResult<unknown> | typeof HEARTBEAT;
    try {
      got = await Promise.race([this.#pending, beat]);
    } finally {
      clearTimeout(this.#timer);
    }
    if (this.#done) return { done: true, value: undefined };
    if (got === HEARTBEAT) return { done: false, value: COMMENT };
    this.#pending = undefined;
    if (got.done === true) {
      this.#done = true;
      return { done: true, value: undefined };
    }
    return { done: false, value: formatEvent(got.value, this.#write) };
  }

  async return(): Promise<IteratorResult<string>> {
    if (!this.#done) {
      this.#done = true;
      clearTimeout(this.#timer);
      const stopped = this.#source.return?.();
      if (stopped !== undefined) stopped.catch(() => {});
    }
    return { done: true, value: undefined };
  }
}

/**
 * One event as the stream sends it. An object with `data` is an {@link SseEvent}; anything else
 * is its data. Each line of the data becomes a `data:` line; an `id` or `event` that holds a line
 * break or NUL would let the data forge events, and throws. Data that is not a string is written by
 * `write` (`JSON.stringify` by default).
 */
export function formatEvent(item: unknown, write: Writer = json): string {
  if (!isEvent(item)) return dataLines(item, write);
  let out = '';
  if (item.event !== undefined) out += `event: ${field('event', item.event)}\n`;
  if (item.id !== undefined) out += `id: ${field('id', item.id)}\n`;
  if (item.retry !== undefined) {
    const { retry } = item;
    if (!Number.isSafeInteger(retry) || retry < 0) {
      invalid('retry', 'an integer number of milliseconds, 0 or more', String(retry));
    }
    out += `retry: ${retry}\n`;
  }
  return out + dataLines(item.data, write);
}

function isEvent(item: unknown): item is SseEvent {
  return typeof item === 'object' && item !== null && 'data' in item;
}

/** `data:` lines for `data` (a string as it is, anything else by `write`), then the blank line. */
function dataLines(data: unknown, write: Writer): string {
  const text = typeof data === 'string' ? data : write(data);
  if (text === undefined) invalid('data', 'a string or a JSON value', typeof data);
  let out = '';
  for (const line of text.split(LINE_BREAK)) out += `data: ${line}\n`;
  return `${out}\n`;
}

/** What ends a line in an event stream: CRLF, LF or CR. */
const LINE_BREAK = /\r\n|\r|\n/;
/** What may not appear in an `id` or `event`: a line break ends the field, a NUL voids an id. */
const FORBIDDEN = /[\r\n\0]/;

function field(name: string, value: string | number): string {
  const text = String(value);
  if (typeof value !== 'string' && typeof value !== 'number') {
    invalid(name, 'a string or a number', typeof value);
  }
  if (FORBIDDEN.test(text)) {
    invalid(name, 'free of line breaks and NUL (they would forge events)', JSON.stringify(text));
  }
  return text;
}

function invalid(what: string, expected: string, got: string): never {
  throw new FwError('FW_ERR_SSE_INVALID', { what, expected, got });
}
