/**
 * Turns a handler's return value or an execution error into the staged response (API.md section 6).
 * Errors render as RFC 9457 problem details; only an `HttpError` shows its own text.
 */
import { validateHeaderName, validateHeaderValue } from 'node:http';
import { findHttpError } from '../core/error-chain.js';
import { FwError, problemOf } from '../errors.js';
import { Reply } from './reply.js';
import type { StagedResponse } from './staged-response.js';

const TEXT = 'text/plain; charset=utf-8';
const BINARY = 'application/octet-stream';
const JSON_TYPE = 'application/json; charset=utf-8';
const PROBLEM = 'application/problem+json';

/** Stages a successful result: 204 for `undefined`, text, bytes or JSON; throws if it cannot be sent. */
export function stageResult(res: StagedResponse, result: unknown): void {
  let body = result;
  if (body instanceof Reply) {
    if (body.headers !== undefined) {
      for (const name of Object.keys(body.headers))
        res.setHeader(name, body.headers[name] as string);
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
  } else if (body instanceof Uint8Array) {
    type = BINARY;
    res.body = body;
  } else {
    type = JSON_TYPE;
    res.body = toJson(body);
  }
  res.setDefault('Content-Type', type);
  if (res.status() === 0) res.writeStatus(200);
}

function toJson(value: unknown): string {
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
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

/**
 * Drops the staged success and stages the problem for `err`, unless an interceptor already wrote a
 * status before the handler ran (then that status is sent as it is).
 */
export function stageError(res: StagedResponse, err: Error): void {
  res.rollback();
  if (res.isCommitted()) return;
  const httpError = findHttpError(err);
  const problem = problemOf(httpError);
  // An error that cannot be sent as it is (a status that is no integer 4xx/5xx, a header that could
  // split the response) renders as a bare 500: this function must not throw, or nothing is sent.
  const valid =
    Number.isInteger(problem.status) &&
    problem.status >= 400 &&
    problem.status <= 599 &&
    (httpError === undefined || sendable(httpError.headers));
  const shown = valid ? problem : problemOf(undefined);
  if (valid && httpError !== undefined) {
    for (const name of Object.keys(httpError.headers)) {
      res.setHeader(name, httpError.headers[name] as string);
    }
  }
  res.writeStatus(shown.status);
  res.setHeader('Content-Type', PROBLEM);
  res.body = JSON.stringify(shown);
}

/** Whether every header passes Node's own checks, so setting them cannot throw. */
function sendable(headers: Readonly<Record<string, string>>): boolean {
  try {
    for (const name of Object.keys(headers)) {
      validateHeaderName(name);
      validateHeaderValue(name, headers[name] as string);
    }
    return true;
  } catch {
    return false;
  }
}
