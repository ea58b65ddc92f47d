// `FW_EXAMPLE_OTEL=1 npm start` (examples/app/main.ts and otel.ts), run as its own Node process
// with OpenTelemetry's NodeSDK started before the app: a request's SERVER span printed by the
// console exporter, and, with OTEL_EXPORTER_OTLP_ENDPOINT set, posted over OTLP/HTTP to a
// collector (a node:http server here) with the request's duration metric once the app stops.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The example app's process, with what it has printed so far. */
interface Example {
  readonly child: ChildProcess;
  readonly base: string;
  output(): string;
  /** Resolves once the output so far passes `test`. */
  printed(test: (output: string) => boolean): Promise<string>;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
}

/** Starts `npm start`'s command (without the page build) with `env` added, on any free port. */
async function startExample(env: Record<string, string>): Promise<Example> {
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', 'examples/app/main.ts'],
    { env: { ...process.env, PORT: '0', ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const waiting = new Set<() => void>();
  const append = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    for (const check of waiting) check();
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  cleanups.push(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  const printed = (test: (output: string) => boolean) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        if (!test(output)) return;
        waiting.delete(check);
        resolve(output);
      };
      waiting.add(check);
      void exited.then((code) => {
        waiting.delete(check);
        reject(new Error(`the example exited with ${code} before it printed that:\n${output}`));
      });
      check();
    });
  const listening = await printed((o) => /fw example listening on http:\/\/\S+/.test(o));
  const base = /fw example listening on (http:\/\/\S+)/.exec(listening)?.[1] ?? '';
  return {
    child,
    base,
    output: () => output,
    printed,
    stop() {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

/** One OTLP/HTTP export a collector received. */
interface Export {
  readonly path: string;
  readonly contentType: string | undefined;
  readonly body: Buffer;
}

/** A collector at `endpoint`: answers every export 200 and keeps it. */
interface Collector {
  readonly endpoint: string;
  readonly exports: Export[];
  /** The first export that passes `test`, once it has arrived. */
  received(test: (e: Export) => boolean): Promise<Export>;
}

async function startCollector(): Promise<Collector> {
  const exports: Export[] = [];
  const waiting = new Set<() => void>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method === 'POST') {
        const contentType = req.headers['content-type'];
        exports.push({ path: req.url ?? '', contentType, body: Buffer.concat(chunks) });
        for (const check of waiting) check();
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.address() as AddressInfo;
  const received = (test: (e: Export) => boolean) =>
    new Promise<Export>((resolve) => {
      const check = () => {
        const found = exports.find(test);
        if (found === undefined) return;
        waiting.delete(check);
        resolve(found);
      };
      waiting.add(check);
      check();
    });
  return { endpoint: `http://127.0.0.1:${port}`, exports, received };
}

const readUser = (base: string) =>
  fetch(`${base}/users/1`, { headers: { authorization: 'Bearer ada' } });

// Two Node processes start with tsx; on a loaded host that takes far longer than a request test.
describe('the example app with FW_EXAMPLE_OTEL=1', { timeout: 90_000 }, () => {
  it('prints the SERVER span of a request, named by its route, with the console exporter', async () => {
    const example = await startExample({ FW_EXAMPLE_OTEL: '1' });
    expect(example.output()).toContain('OpenTelemetry: spans printed here');
    expect((await readUser(example.base)).status).toBe(200);

    const output = await example.printed((o) => o.includes("name: 'GET /users/:id'"));
    const span = output.slice(output.indexOf("name: 'GET /users/:id'"));
    expect(span).toMatch(/^name: 'GET \/users\/:id',\s+id: '[0-9a-f]{16}',\s+kind: 1,/);
    expect(span).toContain("'http.route': '/users/:id'");
    expect(span).toContain("'http.response.status_code': 200");
    expect(output).toContain("instrumentationScope: { name: 'fw'");
    expect(output).toContain("'service.name': 'fw-example'");
    expect(await example.stop()).toBe(0);
  });

  it('sends the span to an OTLP/HTTP collector, and the duration metric as it stops', async () => {
    const collector = await startCollector();
    const example = await startExample({
      FW_EXAMPLE_OTEL: '1',
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint,
      // The batch span processor's delay, 5 s by default: the span arrives within the test.
      OTEL_BSP_SCHEDULE_DELAY: '100',
    });
    expect(example.output()).toContain(`OpenTelemetry: OTLP/HTTP to ${collector.endpoint}`);
    expect((await readUser(example.base)).status).toBe(200);

    const traced = await collector.received(
      (e) => e.path === '/v1/traces' && e.body.includes('GET /users/:id'),
    );
    expect(traced.contentType).toBe('application/json');
    const traces = JSON.parse(String(traced.body)) as {
      resourceSpans: { scopeSpans: { scope: { name: string }; spans: { name: string }[] }[] }[];
    };
    const spans = traces.resourceSpans.flatMap((r) => r.scopeSpans);
    expect(spans.map((s) => [s.scope.name, s.spans.map((span) => span.name)])).toContainEqual([
      'fw',
      ['GET /users/:id'],
    ]);

    // The periodic reader exports once a minute; the SDK's shutdown in main.ts exports the rest.
    expect(await example.stop()).toBe(0);
    const metrics = collector.exports.filter((e) => e.path === '/v1/metrics');
    expect(metrics.some((e) => e.body.includes('http.server.request.duration'))).toBe(true);
    expect(metrics.some((e) => e.body.includes('/users/:id'))).toBe(true);
  });
});
