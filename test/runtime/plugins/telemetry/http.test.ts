// With `telemetry`, every HTTP request has a SERVER span after the stable HTTP conventions, named
// by its route's template, parented by the incoming traceparent, active inside the handler; its
// duration is recorded by route; fw's log records about it carry its trace.
import { fileURLToPath } from 'node:url';
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { type AppOptions, createApp, HttpError } from 'fw';
import { describe, expect, it, onTestFinished } from 'vitest';
import { bindingsOf, recordingLogger, type TestRoute } from '../../../http/support.js';
import { parentOf, testSdk, traceparent } from './support.js';

const sdk = testSdk();

const ROUTES: readonly TestRoute[] = [
  { method: 'GET', path: '/users/:id', params: ['id:number'], handle: (id: number) => ({ id }) },
  {
    method: 'GET',
    path: '/broken',
    handle: () => {
      throw new Error('the database is down');
    },
  },
  {
    method: 'GET',
    path: '/refused',
    handle: () => {
      throw new HttpError(409, 'taken');
    },
  },
  {
    method: 'GET',
    path: '/nested',
    handle: () =>
      sdk.telemetry.tracerProvider.getTracer('test').startActiveSpan('load user', (span) => {
        span.end();
        return { active: trace.getActiveSpan() === span };
      }),
  },
];

function app(options: Omit<AppOptions, 'bindings'> = {}) {
  const created = createApp({
    logger: recordingLogger(),
    telemetry: sdk.telemetry,
    ...options,
    bindings: bindingsOf(ROUTES),
  });
  onTestFinished(async () => {
    await created.close();
    sdk.reset();
  });
  return created;
}

describe('the SERVER span of an HTTP request', () => {
  it('is named by the route template and carries the HTTP conventions, over a socket', async () => {
    const a = app();
    const { port } = await a.listen();
    const parent = { traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331' };
    const res = await fetch(`http://127.0.0.1:${port}/users/42`, {
      headers: { traceparent: traceparent(parent), 'user-agent': 'fw-test' },
    });
    expect(res.status).toBe(200);
    const span = sdk.span('GET /users/:id');
    expect(span.kind).toBe(SpanKind.SERVER);
    expect(span.spanContext().traceId).toBe(parent.traceId);
    expect(parentOf(span)).toBe(parent.spanId);
    expect(span.attributes).toEqual({
      'http.request.method': 'GET',
      'http.route': '/users/:id',
      'http.response.status_code': 200,
      'url.path': '/users/42',
      'url.scheme': 'http',
      'server.address': '127.0.0.1',
      'server.port': port,
      'client.address': '127.0.0.1',
      'user_agent.original': 'fw-test',
    });
    expect(span.status.code).toBe(SpanStatusCode.UNSET);
  });

  it('is a root span when the request carries no traceparent', async () => {
    await app().inject({ method: 'GET', url: '/users/1' });
    const span = sdk.span('GET /users/:id');
    expect(parentOf(span)).toBeUndefined();
    expect(span.attributes['client.address']).toBeUndefined(); // inject() has no socket
  });

  it('marks a failed handler ERROR with the exception, and logs the failure under its trace', async () => {
    const logger = recordingLogger();
    const res = await app({ logger }).inject({ method: 'GET', url: '/broken' });
    expect(res.status).toBe(500);
    const span = sdk.span('GET /broken');
    expect(span.status).toEqual({ code: SpanStatusCode.ERROR, message: 'the database is down' });
    expect(span.attributes['error.type']).toBe('Error');
    expect(span.attributes['http.response.status_code']).toBe(500);
    const exception = span.events.find((e) => e.name === 'exception');
    expect(exception?.attributes?.['exception.message']).toBe('the database is down');
    const failed = logger.records.find((r) => r.msg === 'request failed');
    expect(failed?.fields).toMatchObject({
      trace_id: span.spanContext().traceId,
      span_id: span.spanContext().spanId,
      trace_flags: '01',
    });
  });

  it('leaves a 4xx unset: the client erred, not the server', async () => {
    const res = await app().inject({ method: 'GET', url: '/refused' });
    expect(res.status).toBe(409);
    const span = sdk.span('GET /refused');
    expect(span.status.code).toBe(SpanStatusCode.UNSET);
    expect(span.attributes['error.type']).toBeUndefined();
    expect(span.attributes['http.response.status_code']).toBe(409);
  });

  it('is named by the method alone when nothing was routed (404), and _OTHER for a method it does not know', async () => {
    const a = app();
    expect((await a.inject({ method: 'GET', url: '/users/1/nope' })).status).toBe(404);
    const notFound = sdk.span('GET');
    expect(notFound.attributes['http.route']).toBeUndefined();
    expect(notFound.attributes['http.response.status_code']).toBe(404);
    await a.inject({ method: 'PURGE', url: '/users/1' });
    const other = sdk.span('HTTP');
    expect(other.attributes['http.request.method']).toBe('_OTHER');
    expect(other.attributes['http.request.method_original']).toBe('PURGE');
  });

  it('is the active span inside the handler: a span the handler starts is its child', async () => {
    const res = await app().inject({ method: 'GET', url: '/nested' });
    expect(res.json()).toEqual({ active: true });
    const server = sdk.span('GET /nested');
    const child = sdk.span('load user');
    expect(child.spanContext().traceId).toBe(server.spanContext().traceId);
    expect(parentOf(child)).toBe(server.spanContext().spanId);
  });
});

describe('http.server.request.duration', () => {
  it('records each request by its route template, never by its raw path', async () => {
    const a = app();
    const count = async (route: string) =>
      (await sdk.points('http.server.request.duration'))
        .filter((p) => p.attributes['http.route'] === route)
        .reduce((n, p) => n + p.count, 0);
    const [users, broken] = [await count('/users/:id'), await count('/broken')];
    await a.inject({ method: 'GET', url: '/users/1' });
    await a.inject({ method: 'GET', url: '/users/2' });
    await a.inject({ method: 'GET', url: '/broken' });
    expect(await count('/users/:id')).toBe(users + 2);
    expect(await count('/broken')).toBe(broken + 1);
    const points = await sdk.points('http.server.request.duration');
    const failed = points.find((p) => p.attributes['http.route'] === '/broken');
    expect(failed?.attributes).toEqual({
      'http.request.method': 'GET',
      'http.route': '/broken',
      'http.response.status_code': 500,
      'url.scheme': 'http',
      'error.type': 'Error',
    });
    for (const p of points) expect(JSON.stringify(p.attributes)).not.toMatch(/\/users\/\d/);
  });
});

describe('the span of a static file', () => {
  it('is named by the mount pattern, not by the file', async () => {
    const root = fileURLToPath(new URL('../../../../examples/app/public', import.meta.url));
    const a = app({ static: [{ root, prefix: '/assets' }] });
    expect((await a.inject({ method: 'GET', url: '/assets/app.css' })).status).toBe(200);
    expect(sdk.span('GET /assets/*').attributes['url.path']).toBe('/assets/app.css');
  });
});

describe('under a server instrumentation', () => {
  it('is an INTERNAL child of the SERVER span instrumentation-http made, not a second trace', async () => {
    const tracer = sdk.telemetry.tracerProvider.getTracer('instrumentation-http');
    const a = app();
    const res = await tracer.startActiveSpan('GET', { kind: SpanKind.SERVER }, async (outer) => {
      const answered = await a.inject({ method: 'GET', url: '/users/7' });
      outer.end();
      return answered;
    });
    expect(res.status).toBe(200);
    const outer = sdk.span('GET');
    const fw = sdk.span('GET /users/:id');
    expect(fw.kind).toBe(SpanKind.INTERNAL);
    expect(fw.spanContext().traceId).toBe(outer.spanContext().traceId);
    expect(parentOf(fw)).toBe(outer.spanContext().spanId);
  });
});
