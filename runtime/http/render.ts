/**
 * Turns a handler's return value or an execution error into the staged response (docs/API.md
 * section 6). Errors render as RFC 9457 problem details; only an `HttpError` shows its own text.
 */
import { findHttpError } from '../core/error-chain.js';
import { problemOf } from '../core/errors.js';
import { jsonText } from '../core/serialize/json-text.js';
import { Reply } from './reply.js';
import { SseStream } from './sse.js';
import { checkHeader, type StagedResponse } from './staged-response.js';
import { isStreamBody } from './stream-body.js';

const TEXT = 'text/plain; charset=utf-8';
const BINARY = 'application/octet-stream';
const JSON_TYPE = 'application/json; charset=utf-8';
const PROBLEM = 'application/problem+json';

/**
 * Stages a successful result: 204 for `undefined`, text, bytes, a stream (stream-body.ts) or JSON,
 * written by `serialize` when the handler has a generated writer (an event stream's data is, each
 * event's); throws if it cannot be sent.
 */
export function stageResult(
  res: StagedResponse,
  result: unknown,
  serialize?: (value: unknown) => string | undefined,
): void {
  let body = result;
  if (body instanceof Reply) {
    const headers = body.headers;
    if (headers !== undefined) {
      const names = Object.keys(headers);
      for (let i = 0; i < names.length; i++) {
        const name = names[i] as string;
        res.setHeader(name, headers[name] as string);
      }
    }
    const cookies = body.setCookies;
    if (cookies !== undefined) {
      for (let i = 0; i < cookies.length; i++) res.addHeader('Set-Cookie', cookies[i] as string);
    }
    if (body.status !== undefined) res.writeStatus(body.status);
    body = body.body;
  }
  if (body === undefined) {
    if (res.status() === 0) res.writeStatus(204);
    return;
  }
  let type: string;
  if (typeof body === 'string') {
    type = TEXT;
    res.body = body;
  } else if (body instanceof Uint8Array || isStreamBody(body)) {
    type = BINARY;
    res.body =
      serialize !== undefined && body instanceof SseStream ? body.writtenBy(serialize) : body;
  } else {
    type = JSON_TYPE;
    res.body = jsonText(body, serialize);
  }
  res.setDefault('content-type', 'Content-Type', type);
  if (res.status() === 0) res.writeStatus(200);
}

/**
 * Drops the staged success and stages the problem for `err`, unless an interceptor already wrote a
 * status before the handler ran (then that status is sent as it is). Never throws.
 */
export function stageError(res: StagedResponse, err: Error): void {
  res.rollback();
  if (res.isCommitted()) return;
  const { status, headers, body } = rendered(err);
  for (const name of Object.keys(headers)) res.setHeader(name, headers[name] as string);
  res.writeStatus(status);
  res.setHeader('Content-Type', PROBLEM);
  res.body = body;
}

const NO_HEADERS: Readonly<Record<string, string>> = Object.freeze({});

/**
 * The status, headers and body `err` renders as. An error that cannot be sent as it is (a status
 * that is no integer 4xx/5xx, a header that could split the response, an `HttpError` subclass
 * whose `getResponse()` throws or gives what is not JSON) renders as a bare 500: if this threw,
 * the staged success would be gone and nothing in its place.
 */
function rendered(err: Error): {
  status: number;
  headers: Readonly<Record<string, string>>;
  body: string;
} {
  try {
    const httpError = findHttpError(err);
    const problem = problemOf(httpError);
    const { status } = problem;
    const headers = httpError === undefined ? NO_HEADERS : checkedCopy(httpError.headers);
    const body: unknown = JSON.stringify(problem);
    if (Number.isInteger(status) && status >= 400 && status <= 599 && typeof body === 'string') {
      return { status, headers, body };
    }
  } catch {
    // falls through to the bare 500
  }
  return { status: 500, headers: NO_HEADERS, body: INTERNAL };
}

const INTERNAL = JSON.stringify(problemOf(undefined));

/** A copy of `headers`, each checked as Node checks it: throws for one that could split the response. */
function checkedCopy(headers: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
  const copy: Record<string, string> = Object.create(null);
  for (const name of Object.keys(headers)) {
    const value = headers[name] as string;
    checkHeader(name, value);
    copy[name] = value;
  }
  return copy;
}
