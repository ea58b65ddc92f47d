// The HTTP load generator, run in its own process (pinned to its own core by the runner):
// autocannon against one URL, the result as JSON on stdout.
//   node load-http.mjs '{"url":…,"method":…,"headers":…,"body":…,"connections":50,"duration":8}'
import autocannon from 'autocannon';

const spec = JSON.parse(process.argv[2] ?? '{}');
const result = await autocannon({
  url: spec.url,
  method: spec.method ?? 'GET',
  headers: spec.headers ?? {},
  body: spec.body,
  connections: spec.connections ?? 50,
  pipelining: 1,
  duration: spec.duration ?? 8,
});
const cpu = process.cpuUsage();
console.log(
  JSON.stringify({
    requests: result.requests.total,
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    loadCpuMs: (cpu.user + cpu.system) / 1000,
    durationS: result.duration,
  }),
);
