import { type AppOptions, createApp, HttpError } from 'fw';
import {
  ErrAbortPipeline,
  type ExecutionContext,
  type Interceptor,
  type PostExecutionHook,
  RESPONSE_WRITER_KEY,
  type ResponseWriter,
} from 'fw/core';
import { describe, expect, it, onTestFinished } from 'vitest';
import { bindingsOf, problem, recordingLogger, requestFailed, type TestRoute } from './support.js';

const INTERNAL = problem(500, 'Internal Server Error', 'Internal Server Error');
const writer = (ctx: ExecutionContext) =>
  ctx.get<ResponseWriter>(RESPONSE_WRITER_KEY) as ResponseWriter;

function app(routes: readonly TestRoute[], options: Omit<AppOptions, 'bindings'> = {}) {
  const created = createApp({
    logger: recordingLogger(),
    ...options,
    bindings: bindingsOf(routes),
  });
  onTestFinished(() => created.close());
  return created;
}

// A global interceptor can answer on its own: what it wrote is sent and the handler does not run.
describe('aborting from preHandle (CORS preflight)', () => {
  const cors: Interceptor = {
    preHandle(ctx) {
      if (ctx.method() !== 'OPTIONS') return;
      const w = writer(ctx);
      w.setHeader('Access-Control-Allow-Origin', 'https://app.example');
      w.setHeader('Access-Control-Allow-Methods', 'GET, POST');
      w.writeStatus(204);
      return ErrAbortPipeline;
    },
  };

  it('answers the preflight with 204 and the CORS headers, without running the handler', async () => {
    let calls = 0;
    const a = app([{ method: 'GET', path: '/items', handle: () => ++calls }], {
      interceptors: [cors],
    });

    const res = await a.inject({ method: 'OPTIONS', url: '/items' });

    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('https://app.example');
    expect(res.headers['access-control-allow-methods']).toBe('GET, POST');
    expect(res.headers['content-type']).toBeUndefined();
    expect(res.body).toBe('');
    expect(calls).toBe(0);
  });
});

// Headers written before the handler survive its failure; what the handler wrote is dropped (Spine 3a).
describe('error responses and what interceptors wrote', () => {
  it('keeps a preHandle header and drops the handler header when the handler throws', async () => {
    const broken = new Error('broken');
    const logger = recordingLogger();
    const a = app(
      [
        {
          method: 'GET',
          path: '/fail',
          params: ['ctx:fw/core#HttpRequestContext'],
          handle: (ctx: ExecutionContext) => {
            writer(ctx).setHeader('X-From-Handler', 'yes');
            throw broken;
          },
        },
      ],
      {
        logger,
        interceptors: [{ preHandle: (ctx) => writer(ctx).setHeader('X-Tenant', 't-1') }],
      },
    );

    const res = await a.inject({ url: '/fail', headers: { 'X-Request-Id': 'r-1' } });

    expect(res.status).toBe(500);
    expect(res.headers['content-type']).toBe('application/problem+json');
    expect(res.headers['x-tenant']).toBe('t-1');
    expect(res.headers['x-from-handler']).toBeUndefined();
    expect(res.json()).toEqual(INTERNAL);
    // fw's own header and log: the request's id, and the one failure with the handler's error.
    expect(res.headers['x-request-id']).toBe('r-1');
    expect(logger.failures()).toEqual([
      requestFailed({ method: 'GET', path: '/fail', status: 500, requestId: 'r-1', err: broken }),
    ]);
  });

  it('sends the status an interceptor wrote before failing, with no problem body', async () => {
    let calls = 0;
    const deny: Interceptor = {
      preHandle(ctx) {
        writer(ctx).setHeader('WWW-Authenticate', 'Bearer');
        writer(ctx).writeStatus(401);
        return new Error('no token');
      },
    };
    const a = app([{ method: 'GET', path: '/me', handle: () => ++calls }], {
      interceptors: [deny],
    });

    const res = await a.inject({ url: '/me' });

    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer');
    expect(res.headers['content-type']).toBeUndefined();
    expect(res.body).toBe('');
    expect(calls).toBe(0);
  });
});

// A failure after the handler drops the staged success and renders the error instead (API.md 5).
describe('failures after a successful handler', () => {
  const ok: TestRoute = { method: 'GET', path: '/ok', handle: () => ({ saved: true }) };

  const throwing = () => {
    throw new Error('dispatch threw');
  };

  it.each<[string, Omit<AppOptions, 'bindings'>]>([
    [
      'a post-execution hook returns an error',
      { hooks: [{ afterExecution: () => new Error('x') }] },
    ],
    ['a post-execution hook throws', { hooks: [{ afterExecution: throwing }] }],
    [
      'beforeResponse returns an error',
      { interceptors: [{ beforeResponse: () => new Error('x') }] },
    ],
  ])('when %s, the staged 200 becomes a 500', async (_name, options) => {
    const a = app([ok], options);

    const res = await a.inject({ url: '/ok' });

    expect(res.status).toBe(500);
    expect(res.headers['content-type']).toBe('application/problem+json');
    expect(res.json()).toEqual(INTERNAL);
  });

  it('hands a post-execution hook the handler result', async () => {
    const seen: unknown[][] = [];
    const hook: PostExecutionHook = { afterExecution: (_ctx, results) => void seen.push(results) };

    const res = await app([ok], { hooks: [hook] }).inject({ url: '/ok' });

    expect(res.status).toBe(200);
    expect(seen).toEqual([[{ saved: true }]]);
  });
});

// afterCompletion sees the final error: the handler's, or one a later hook added (Spine 3a step d).
describe('afterCompletion and the final error', () => {
  const conflict = new HttpError(409, 'already exists');
  const audit = new Error('audit failed');

  it.each<[string, () => unknown, Interceptor['beforeResponse'], unknown]>([
    ['success', () => 'ok', undefined, undefined],
    ['a handler error', () => Promise.reject(conflict), undefined, conflict],
    [
      'a beforeResponse error joined to the handler error',
      () => Promise.reject(conflict),
      () => audit,
      expect.objectContaining({ errors: [conflict, audit] }),
    ],
  ])('receives it on %s', async (_name, handle, beforeResponse, want) => {
    const seen: (Error | undefined)[] = [];
    const interceptor: Interceptor = {
      ...(beforeResponse === undefined ? {} : { beforeResponse }),
      afterCompletion: (_ctx, _meta, err) => void seen.push(err),
    };
    const a = app([{ method: 'GET', path: '/x', handle }], { interceptors: [interceptor] });

    await a.inject({ url: '/x' });

    expect(seen).toEqual([want]);
  });
});
