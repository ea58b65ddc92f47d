/**
 * What runs every call of a generated client: the request runner, the result of an answer, the
 * event-stream reader and the socket. fwgen copies the `runner` region into each client it writes.
 */
import {
  ApiError,
  type ClientOptions,
  type Failure,
  type Ok,
  type Problem,
  type RequestOptions,
  type ServerEvent,
  type ServerEvents,
  type Socket,
  type SocketEvent,
  type WebSocketClass,
  type WebSocketLike,
} from './prelude.js';

// #region runner

type _Kind = 'json' | 'text' | 'bytes' | 'stream' | 'none';
type _Read = (value: unknown) => unknown;
type _Answers = Readonly<Record<number, readonly [_Kind, _Read?]>>;
interface _Args extends RequestOptions {
  readonly path?: Readonly<Record<string, unknown>>;
  readonly query?: Readonly<Record<string, unknown>>;
  readonly body?: unknown;
  readonly protocols?: string | string[];
}

class _Http {
  readonly #options: ClientOptions;
  readonly #base: string;

  constructor(options: ClientOptions) {
    this.#options = options;
    this.#base = String(options.baseUrl).replace(/\/+$/, '');
  }

  async call<R>(method: string, route: string, answers: _Answers, args?: _Args): Promise<R> {
    const response = await this.#fetch(method, route, args);
    return (await _result(response, answers)) as R;
  }

  events(route: string, args?: _Args): ServerEvents {
    return new _EventStream((lastEventId, signal) =>
      this.#fetch('GET', route, {
        ...args,
        headers: {
          accept: 'text/event-stream',
          ...args?.headers,
          ...(lastEventId !== undefined && { 'last-event-id': lastEventId }),
        },
        signal: args?.signal === undefined ? signal : AbortSignal.any([args.signal, signal]),
      }),
    );
  }

  connect<In, Out>(route: string, read: _Read | undefined, args?: _Args): Socket<In, Out> {
    const Class =
      this.#options.WebSocket ?? (globalThis as { WebSocket?: WebSocketClass }).WebSocket;
    if (Class === undefined) {
      throw new TypeError(
        'No WebSocket class: pass createClient({ WebSocket }) (the `ws` package on Node 20)',
      );
    }
    const url = this.#url(route, args).replace(/^http/, 'ws');
    return new _Socket<In, Out>(new Class(url, args?.protocols), read);
  }

  #url(route: string, args: _Args | undefined): string {
    return this.#base + _fill(route, args?.path ?? {}) + _search(args?.query);
  }

  async #fetch(method: string, route: string, args: _Args | undefined): Promise<Response> {
    const fixed = this.#options.headers;
    const headers: Record<string, string> = {
      ...(typeof fixed === 'function' ? await fixed() : fixed),
      ...args?.headers,
    };
    let body: FormData | string | undefined;
    if (args?.body instanceof FormData) body = args.body;
    else if (args?.body !== undefined) {
      body = JSON.stringify(args.body, _bigints);
      headers['content-type'] = 'application/json';
    }
    const init: RequestInit = { method, headers };
    if (body !== undefined) init.body = body;
    if (args?.signal !== undefined) init.signal = args.signal;
    if (this.#options.credentials !== undefined) init.credentials = this.#options.credentials;
    const url = this.#url(route, args);
    return this.#options.fetch === undefined
      ? globalThis.fetch(url, init)
      : this.#options.fetch(url, init);
  }
}

/** JSON has no bigint: it goes as the string of its digits, as fw reads and writes it. */
function _bigints(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value;
}

/** The route with each `:key` (and `*`) replaced by its value, encoded. */
function _fill(route: string, path: Readonly<Record<string, unknown>>): string {
  const value = (key: string): string => {
    const v = path[key];
    if (v === undefined || v === null) throw new TypeError(`Missing path key ${key} for ${route}`);
    return String(v);
  };
  return route
    .replace(/:([A-Za-z0-9_]+)(\([^)]*\))?/g, (_all, key: string) => encodeURIComponent(value(key)))
    .replace(/\*$/, () => encodeURI(value('*')));
}

/** `?k=v&…`: an array as the key repeated, undefined left out. */
function _search(query: Readonly<Record<string, unknown>> | undefined): string {
  if (query === undefined) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const one of Array.isArray(value) ? value : [value]) {
      if (one !== undefined) params.append(key, String(one));
    }
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** The result of an answer: a declared success, a problem, or a problem saying it was neither. */
async function _result(
  response: Response,
  answers: _Answers,
): Promise<Ok<number, unknown> | Failure> {
  const { status } = response;
  const type = response.headers.get('content-type') ?? '';
  const answer = answers[status];
  if (answer !== undefined && !type.startsWith('application/problem+json')) {
    const [kind, read] = answer;
    try {
      return { ok: true, status, data: await _data(response, kind, read), response };
    } catch (err) {
      return {
        ok: false,
        status,
        problem: _unexpected(response, `its body could not be read (${String(err)})`),
        response,
      };
    }
  }
  if (type.startsWith('application/problem+json') || type.startsWith('application/json')) {
    try {
      const problem: unknown = await response.json();
      if (typeof problem === 'object' && problem !== null && !Array.isArray(problem)) {
        return { ok: false, status, problem: problem as Problem, response };
      }
    } catch {
      // Not JSON after all: the answer is unexpected.
    }
  }
  return {
    ok: false,
    status,
    problem: _unexpected(
      response,
      `the API declares no ${status} ${type === '' ? 'answer' : type}`,
    ),
    response,
  };
}

async function _data(response: Response, kind: _Kind, read: _Read | undefined): Promise<unknown> {
  switch (kind) {
    case 'json': {
      const value: unknown = JSON.parse(await response.text());
      return read === undefined ? value : read(value);
    }
    case 'text':
      return response.text();
    case 'bytes':
      return new Uint8Array(await response.arrayBuffer());
    case 'stream':
      return response.body ?? new ReadableStream<Uint8Array>({ start: (c) => c.close() });
    case 'none':
      await response.body?.cancel();
      return undefined;
  }
}

function _unexpected(response: Response, why: string): Problem {
  return {
    type: 'about:blank',
    title: response.statusText || 'Unexpected response',
    status: response.status,
    detail: `The answer is not one the API declares: ${why}.`,
    code: 'FW_CLIENT_UNEXPECTED_RESPONSE',
  };
}

class _EventStream implements ServerEvents {
  readonly #open: (lastEventId: string | undefined, signal: AbortSignal) => Promise<Response>;
  readonly #closing = new AbortController();
  #lastEventId: string | undefined;

  constructor(open: (lastEventId: string | undefined, signal: AbortSignal) => Promise<Response>) {
    this.#open = open;
  }

  get lastEventId(): string | undefined {
    return this.#lastEventId;
  }

  close(): void {
    this.#closing.abort();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<ServerEvent> {
    let retry = 1000;
    let first = true;
    const closing = this.#closing.signal;
    while (!closing.aborted) {
      let response: Response;
      try {
        response = await this.#open(this.#lastEventId, closing);
      } catch (err) {
        if (closing.aborted) return;
        if (first) throw err;
        await _sleep(retry, closing);
        continue;
      }
      first = false;
      const type = response.headers.get('content-type') ?? '';
      if (response.status !== 200 || !type.startsWith('text/event-stream')) {
        const result = await _result(response, {});
        throw new ApiError(result as Failure);
      }
      try {
        for await (const event of _parse(
          response,
          (id) => (this.#lastEventId = id),
          (ms) => (retry = ms),
        )) {
          yield event;
        }
      } catch (err) {
        if (closing.aborted) return;
        if (err instanceof ApiError) throw err;
      }
      await _sleep(retry, closing);
    }
  }
}

/** The events of a `text/event-stream` body, as the HTML standard parses them. */
async function* _parse(
  response: Response,
  onId: (id: string) => void,
  onRetry: (ms: number) => void,
): AsyncGenerator<ServerEvent> {
  const reader = (response.body ?? new ReadableStream<Uint8Array>()).getReader();
  const decoder = new TextDecoder();
  let pending = '';
  let data: string[] = [];
  let event: string | undefined;
  let id: string | undefined;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      pending += decoder.decode(value, { stream: true });
      const lines = pending.split(/\r\n|\r|\n/);
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (line === '') {
          if (data.length > 0) {
            yield {
              data: data.join('\n'),
              ...(event !== undefined && { event }),
              ...(id !== undefined && { id }),
            };
          }
          data = [];
          event = undefined;
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        const text = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'data') data.push(text);
        else if (field === 'event') event = text;
        else if (field === 'id' && !text.includes('\0')) onId((id = text));
        else if (field === 'retry' && /^[0-9]+$/.test(text)) onRetry(Number(text));
      }
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

function _sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    const stop = (): void => {
      clearTimeout(timer);
      resolve();
    };
    signal.addEventListener('abort', stop, { once: true });
  });
}

class _Socket<In, Out> implements Socket<In, Out> {
  readonly opened: Promise<void>;
  readonly closed: Promise<{ readonly code: number; readonly reason: string }>;
  readonly #socket: WebSocketLike;
  readonly #read: _Read | undefined;
  readonly #queue: (Out | string | Uint8Array)[] = [];
  #wake: (() => void) | undefined;
  #done = false;

  constructor(socket: WebSocketLike, read: _Read | undefined) {
    this.#socket = socket;
    this.#read = read;
    socket.binaryType = 'arraybuffer';
    const on = (type: string, listener: (event: SocketEvent) => void): void =>
      socket.addEventListener(type, listener);
    this.opened = new Promise((resolve, reject) => {
      on('open', () => resolve());
      on('error', () => reject(new Error('The WebSocket connection failed')));
    });
    this.opened.catch(() => undefined);
    this.closed = new Promise((resolve) => {
      on('close', ({ code, reason }) => {
        this.#done = true;
        this.#wake?.();
        resolve({ code: code ?? 1005, reason: reason ?? '' });
      });
    });
    on('message', ({ data }) => {
      this.#queue.push(this.#decode(data));
      this.#wake?.();
    });
  }

  send(message: In): void {
    if (typeof message === 'string') this.#socket.send(message);
    else if (message instanceof Uint8Array) this.#socket.send(message.slice().buffer);
    else this.#socket.send(JSON.stringify(message, _bigints));
  }

  close(code?: number, reason?: string): void {
    this.#socket.close(code, reason);
  }

  async *replies(): AsyncGenerator<Out | string | Uint8Array> {
    for (;;) {
      const next = this.#queue.shift();
      if (next !== undefined) {
        yield next;
        continue;
      }
      if (this.#done) return;
      await new Promise<void>((resolve) => (this.#wake = resolve));
      this.#wake = undefined;
    }
  }

  /** Text as the declared reply when it reads as one, else as text; binary as bytes. */
  #decode(data: unknown): Out | string | Uint8Array {
    if (typeof data !== 'string') {
      if (data instanceof ArrayBuffer) return new Uint8Array(data);
      if (ArrayBuffer.isView(data))
        return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
      return String(data);
    }
    if (this.#read === undefined) return data;
    try {
      return this.#read(JSON.parse(data)) as Out;
    } catch {
      return data;
    }
  }
}
// #endregion
