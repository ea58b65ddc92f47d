/** The soak runner's child processes: node, optionally pinned to a core, with an IPC channel. */
import { type ChildProcess, spawn } from 'node:child_process';
import { pinned } from '../lib/processes.js';

/** Starts `node args` (on `core`, if given) with an IPC channel; its stderr is the runner's. */
export function startNode(
  core: number | undefined,
  nodeArgs: readonly string[],
  env: Readonly<Record<string, string>> = {},
): ChildProcess {
  const [command, args] =
    core === undefined
      ? [process.execPath, [...nodeArgs]]
      : pinned(core, process.execPath, nodeArgs);
  return spawn(command, args, {
    env: { ...process.env, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

/**
 * Sends `message` (none: only waits) and resolves with the next message `accept` takes; rejects
 * when the child exits first or nothing comes within `timeoutMs`.
 */
export function ask<T>(
  child: ChildProcess,
  message: object | undefined,
  accept: (m: unknown) => m is T,
  timeoutMs = 60_000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`child ${child.pid} did not answer within ${timeoutMs} ms`));
    }, timeoutMs);
    const onMessage = (m: unknown) => {
      if (!accept(m)) return;
      cleanup();
      resolve(m);
    };
    const onExit = (code: number | null, signal: string | null) => {
      cleanup();
      reject(new Error(`child ${child.pid} exited (${signal ?? code}) before answering`));
    };
    const cleanup = () => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
    if (message !== undefined) child.send(message);
  });
}

/** A guard for `ask`: a message whose `type` is `type`. */
export function ofType<T>(type: string): (m: unknown) => m is T {
  return (m: unknown): m is T =>
    typeof m === 'object' && m !== null && (m as { type?: unknown }).type === type;
}
