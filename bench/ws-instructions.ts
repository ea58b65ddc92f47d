/**
 * `npm run bench:instructions:ws`: the instructions each WebSocket server runs per echoed message,
 * counted by `valgrind --tool=callgrind` as `npm run bench:instructions` counts HTTP requests
 * (bench/lib/callgrind.ts): raw `ws` and fw's `EchoGateway` each get `--warmup` messages on one
 * connection so their code is optimised, their counters are zeroed, then exactly `--messages`
 * more go over the same connection, one at a time (each sent once the last echo came back), and
 * the instructions are divided by them.
 *   npm run bench:instructions:ws -- [--servers 'raw ws,fw'] [--warmup 20000] [--messages 10000]
 *                                    [--repeat 1] [--young-mb 16] [--perf-map]
 *
 * `--perf-map` runs the servers with `node --perf-basic-prof` and keeps callgrind's output: it
 * prints where, for reading each JIT function's cost through `/tmp/perf-<pid>.map` (bench/README.md,
 * "Where fw stands, and why").
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import {
  countPerUnit,
  countTable,
  requireValgrind,
  v8Flags,
  youngLabel,
  youngMbOf,
} from './lib/callgrind.js';
import { WS_MESSAGE, WS_PATH, WS_SERVERS } from './lib/ws-servers.js';
import { prepare } from './prepare.js';

const { values: flags } = parseArgs({
  options: {
    servers: { type: 'string', default: WS_SERVERS.map((s) => s.name).join(',') },
    repeat: { type: 'string', default: '1' },
    warmup: { type: 'string', default: '20000' },
    messages: { type: 'string', default: '10000' },
    'young-mb': { type: 'string' },
    'perf-map': { type: 'boolean', default: false },
  },
});
const warmup = Number(flags.warmup);
const messages = Number(flags.messages);
const youngMb = youngMbOf(flags['young-mb']);
const perfMap = flags['perf-map'];
// `--perf-basic-prof` would also write a V8 log per isolate into the working directory.
const PERF_FLAGS = ['--perf-basic-prof', '--logfile=/dev/null', '--no-logfile-per-isolate'];
const nodeFlags = [...v8Flags(youngMb), ...(perfMap ? PERF_FLAGS : [])];
const log = (line: string) => process.stderr.write(`${line}\n`);

/** Opens the client connection, `ws` without compression as job ws's load generator. */
function connect(port: number): Promise<WebSocket> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}${WS_PATH}`, { perMessageDeflate: false });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/** Sends `count` messages one at a time, each once the last one's echo came back intact. */
function echo(ws: WebSocket, count: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let left = count;
    const onMessage = (data: Buffer, isBinary: boolean) => {
      if (!isBinary || !WS_MESSAGE.equals(data)) {
        ws.off('message', onMessage);
        reject(new Error(`the echo differs from the message (binary: ${isBinary})`));
      } else if (--left === 0) {
        ws.off('message', onMessage);
        resolve();
      } else ws.send(WS_MESSAGE);
    };
    ws.on('message', onMessage);
    ws.once('close', (code) => reject(new Error(`the connection closed with ${code}`)));
    ws.send(WS_MESSAGE);
  });
}

async function main(): Promise<void> {
  requireValgrind();
  prepare(log);
  const names = flags.servers.split(',');
  const specs = WS_SERVERS.filter((s) => names.includes(s.name));
  const repeat = Number(flags.repeat);
  const outDir = mkdtempSync(join(tmpdir(), 'fw-callgrind-ws-'));
  try {
    log(`ws: ${specs.map((s) => s.name).join(', ')} ×${repeat} under callgrind…`);
    const runs = await Promise.all(
      specs.map((spec) =>
        Promise.all(
          Array.from({ length: repeat }, () =>
            countPerUnit<WebSocket>(spec, outDir, nodeFlags, {
              async warm(port) {
                const ws = await connect(port);
                // The counted messages go over the connection the warm-up used, as the HTTP
                // count's requests do: a new one would be counted with its handshake.
                await echo(ws, warmup);
                return ws;
              },
              counted: (ws) => echo(ws, messages).then(() => messages),
              close: (ws) => ws?.terminate(),
            }),
          ),
        ),
      ),
    );
    console.log(
      `\nWebSocket echo of ${WS_MESSAGE.length} bytes: instructions per message (${messages} counted ` +
        `after ${warmup}; young generation: ${youngLabel(youngMb)})\n`,
    );
    console.log(
      countTable(
        specs.map((s) => s.name),
        runs,
        'raw ws',
      ),
    );
  } finally {
    if (perfMap) log(`callgrind output kept in ${outDir}; JIT symbols in /tmp/perf-<pid>.map`);
    else rmSync(outDir, { recursive: true, force: true });
  }
}

await main();
