/**
 * Whose instructions a callgrind dump holds: `callgrind_annotate`'s exclusive cost per function,
 * with V8's compiled JavaScript (which callgrind knows only by address) named from the
 * `/tmp/perf-<pid>.map` that `node --perf-basic-prof` writes. V8 reuses code addresses as it
 * recompiles, so an address takes the name of the newest map entry that covers it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

/** One function's exclusive instructions in the counted window. */
export interface ProfileLine {
  readonly name: string;
  readonly instructions: number;
}

interface CodeRange {
  readonly start: bigint;
  readonly end: bigint;
  readonly name: string;
}

/** The perf map's entries, the newest last (a later entry wins over an earlier one it overlaps). */
function perfMap(pid: number): CodeRange[] {
  const file = `/tmp/perf-${pid}.map`;
  if (!existsSync(file)) return [];
  const ranges: CodeRange[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = /^([0-9a-f]+) ([0-9a-f]+) (.*)$/.exec(line);
    if (m === null) continue;
    const start = BigInt(`0x${m[1]}`);
    ranges.push({ start, end: start + BigInt(`0x${m[2]}`), name: m[3] as string });
  }
  return ranges;
}

function nameOf(address: bigint, ranges: readonly CodeRange[]): string | undefined {
  for (let i = ranges.length - 1; i >= 0; i--) {
    const r = ranges[i] as CodeRange;
    if (address >= r.start && address < r.end) return r.name;
  }
  return undefined;
}

/**
 * The functions of `dump` by exclusive cost, JIT code named through the perf map of `pid`, the
 * entries of one name (V8 compiles a function more than once) added up.
 */
export function profileOf(dump: string, pid: number): ProfileLine[] {
  const text = execFileSync('callgrind_annotate', ['--inclusive=no', '--threshold=100', dump], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const ranges = perfMap(pid);
  const total = Number(
    /^\s*([\d,]+) \([^)]*\)\s+PROGRAM TOTALS/m.exec(text)?.[1]?.replaceAll(',', ''),
  );
  const byName = new Map<string, number>();
  for (const line of text.split('\n')) {
    const m = /^\s*([\d,]+) \([^)]*\)\s+(\S.*?)(?:\s+\[[^\]]*\])?\s*$/.exec(line);
    if (m === null) continue;
    const instructions = Number((m[1] as string).replaceAll(',', ''));
    // The frames every instruction runs under (main, the event loop, the totals line) are
    // listed with the whole count: they say nothing about whose instructions these are.
    if (instructions >= total / 2) continue;
    let name = m[2] as string;
    const jit = /^\?\?\?:0x([0-9a-f]+)$/i.exec(name);
    if (jit !== null) name = nameOf(BigInt(`0x${jit[1]}`), ranges) ?? 'JIT code, not in the map';
    byName.set(name, (byName.get(name) ?? 0) + instructions);
  }
  return [...byName]
    .map(([name, instructions]) => ({ name, instructions }))
    .sort((a, b) => b.instructions - a.instructions);
}
