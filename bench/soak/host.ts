/** How busy the whole host is: the other processes on a shared machine show in each window. */
import { existsSync, readFileSync } from 'node:fs';

/** /proc/stat counts in USER_HZ, 100 per second on Linux whatever the kernel's own tick. */
const TICK_MS = 10;

/** CPU time all cores spent busy (not idle or waiting for I/O) since boot, ms; NaN off Linux. */
export function hostBusyMs(): number {
  if (!existsSync('/proc/stat')) return Number.NaN;
  const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] ?? '';
  const [, ...fields] = line.trim().split(/\s+/);
  const ticks = fields.map(Number);
  const total = ticks.slice(0, 8).reduce((s, t) => s + t, 0);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  return (total - idle) * TICK_MS;
}
