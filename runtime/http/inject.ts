/**
 * `app.inject()`: a request run through the same pipeline as the server, without a socket
 * (Fastify's `inject`, Hono's `app.request`). Tests and tools use it.
 */

import { toError } from '../core/error-chain.js';
import type { Logger } from '../core/log/logger.js';
import type { Execute } from '../core/pipeline/pipeline.js';
import { flattenHeaders } from '../core/request/headers.js';
import type { AddedHeaders } from './added-headers.js';
import { checkRequestHead, type RequestLimits } from './body-limits.js';
import type { ByteBudget } from './byte-budget.js';
import { HttpExchange, type OutgoingResponse, type Probe } from './exchange.js';
import { stageError } from './render.js';
import { logExchangeFailure } from './request-log.js';

/** What `inject()` runs a request with: the app's pipeline, limits, logger and probes. */
export interface InjectTarget {
  readonly execute: Execute<HttpExchange>;
  readonly limits: RequestLimits;
  /** The app's bound on the bytes all requests hold, shared with the server. */
  readonly budget?: ByteBudget | undefined;
  readonly logger: Logger;
  readonly probe?: Probe | undefined;
  /** The headers every response carries (security headers), as the server adds them. */
  readonly headers?: AddedHeaders | undefined;
}

/** A request to inject. An object body is sent as JSON. */
export interface InjectRequest {
  /** @default 'GET' */
  readonly method?: string;
  /** The request target: path and query. */
  readonly url: string;
  readonly headers?: Readonly<Record<string, string | readonly string[]>>;
  readonly body?: string | Uint8Array | object;
}

/** The response to an injected request. Header names are lower case; repeated values are joined. */
export interface InjectResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** The body parsed as JSON. */
  json<T = unknown>(): T;
}

/**
 * Runs one request as the server would (probes, head limits, the pipeline, the log of a failure)
 * and resolves with what a client would receive.
 */
export async function inject(
  target: InjectTarget,
  request: InjectRequest,
): Promise<InjectResponse> {
  const { execute, limits, budget, logger, probe } = target;
  const method = (request.method ?? 'GET').toUpperCase();
  const rawHeaders = flattenHeaders(request.headers);
  const body = encodeRequestBody(request.body, rawHeaders);
  if (body !== undefined && !hasHeader(rawHeaders, 'content-length')) {
    rawHeaders.push('content-length', String(body.byteLength));
  }
  let sent: OutgoingResponse | undefined;
  const ex = new HttpExchange(
    {
      method,
      url: request.url,
      rawHeaders,
      body: body === undefined ? [] : [body],
      limits,
      budget,
    },
    {
      send: (response) => void (sent = response),
      stream: async (head, source, exchange) => {
        const chunks: Uint8Array[] = [];
        const done = () => void (sent = { ...head, body: Buffer.concat(chunks) });
        let chunk: string | Uint8Array | undefined;
        try {
          chunk = await source.read();
        } catch (err) {
          exchange.restage(toError(err));
          throw err;
        }
        try {
          for (; chunk !== undefined; chunk = await source.read()) {
            chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
          }
        } finally {
          done();
        }
      },
    },
    undefined,
    target.headers,
  );
  if (probe === undefined || !probe(ex)) {
    const refused = checkRequestHead(request.url, rawHeaders, limits);
    let failure: Error | undefined = refused;
    try {
      if (refused === undefined) failure = await execute(ex);
      else {
        stageError(ex.response, refused);
        ex.send();
      }
    } finally {
      ex.endRequest();
    }
    if (failure !== undefined) logExchangeFailure(logger, ex, failure);
  }
  if (sent === undefined)
    throw new Error(`inject: no response was sent for ${method} ${request.url}`);
  const out = sent as OutgoingResponse;
  const text =
    method === 'HEAD' || out.body === undefined
      ? ''
      : typeof out.body === 'string'
        ? out.body
        : Buffer.from(out.body).toString('utf8');
  const headers: Record<string, string> = Object.create(null);
  for (let i = 0; i + 1 < out.headers.length; i += 2) {
    const name = (out.headers[i] as string).toLowerCase();
    const value = out.headers[i + 1] as string;
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  return { status: out.status, headers, body: text, json: <T>() => JSON.parse(text) as T };
}

/** @internal Encodes a request body, adding a JSON `content-type` to `rawHeaders` for an object. */
export function encodeRequestBody(
  body: InjectRequest['body'],
  rawHeaders: string[],
): Uint8Array | undefined {
  if (body === undefined) return undefined;
  if (typeof body === 'string') return Buffer.from(body);
  if (body instanceof Uint8Array) return body;
  if (!hasHeader(rawHeaders, 'content-type')) rawHeaders.push('content-type', 'application/json');
  return Buffer.from(JSON.stringify(body));
}

function hasHeader(rawHeaders: readonly string[], lowerName: string): boolean {
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if ((rawHeaders[i] as string).toLowerCase() === lowerName) return true;
  }
  return false;
}
