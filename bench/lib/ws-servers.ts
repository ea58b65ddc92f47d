/** The servers of job ws (WebSocket echo); `raw ws` first, as every ratio is to it. */
import { join } from 'node:path';
import type { ServerSpec } from '../http/jobs.js';

const BENCH = join(import.meta.dirname, '..');

/** A bare `ws` server, the floor, and fw's `EchoGateway` (bench/app/echo.ts). */
export const WS_SERVERS: readonly ServerSpec[] = [
  { name: 'raw ws', args: [join(BENCH, 'peers', 'servers', 'ws-raw.mjs')] },
  // Compiled to JavaScript by prepare() (app-build.ts), as the peers are plain JavaScript.
  { name: 'fw', args: [join(BENCH, 'app', '.work', 'server.js')] },
];

/** The path both serve the echo on. */
export const WS_PATH = '/echo';

/** Job ws's message: 64 bytes, sent as a binary message. */
export const WS_MESSAGE: Buffer = Buffer.alloc(64, 'fw');
