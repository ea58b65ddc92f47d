/**
 * Starting the processes a benchmark measures: each pinned to one core with `taskset` (when the
 * machine has it), a server reporting its port over IPC, its CPU time read from `/proc`.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

/** Whether processes can be pinned to a core. */
export const CAN_PIN = hasCommand('taskset');

/** Whether `name` runs on this machine. */
export function hasCommand(name: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** `command args` pinned to `core` (unpinned when `taskset` is missing). */
export function pinned(core: number, command: string, args: readonly string[]): [string, string[]] {
  return CAN_PIN ? ['taskset', ['-c', String(core), command, ...args]] : [command, [...args]];
}

/** A running server. */
export interface Server {
  readonly port: number;
  readonly pid: number;
  /** CPU time (user + system) the process has used, in ms; 10 ms resolution. */
  cpuMs(): number;
  stop(): Promise<void>;
}

const TICK_MS = 1000 / Number(readClockTicks());

function readClockTicks(): string {
  try {
    return execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim() || '100';
  } catch {
    return '100';
  }
}

/** Starts `node args` on `core` with `env`, and resolves once it sent `{ port }` over IPC. */
export function startServer(
  core: number,
  nodeArgs: readonly string[],
  env: Readonly<Record<string, string>> = {},
  timeoutMs = 30_000,
): Promise<Server> {
  const [command, args] = pinned(core, process.execPath, nodeArgs);
  const child = spawn(command, args, {
    env: { ...process.env, PORT: '0', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${nodeArgs.join(' ')} did not report a port within ${timeoutMs} ms`));
    }, timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${nodeArgs.join(' ')} exited with ${code} before listening`));
    });
    child.on('message', (message: { port?: number }) => {
      if (typeof message?.port !== 'number') return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      const pid = child.pid as number;
      resolve({ port: message.port, pid, cpuMs: () => cpuMs(pid), stop: () => stop(child) });
    });
  });
}

/** User + system CPU time of `pid` in ms, from `/proc/<pid>/stat` (fields 14 and 15). */
export function cpuMs(pid: number): number {
  const path = `/proc/${pid}/stat`;
  if (!existsSync(path)) return Number.NaN;
  const stat = readFileSync(path, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/** Ends `child` with SIGTERM, SIGKILL after 5 s; resolves once it exited. */
export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const kill = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
