/**
 * The orders Biome's `organizeImports` sorts by, so generated imports are already organized:
 * specifiers by natural ASCII order of their local names, statements by the kind of their source
 * (packages before aliases before paths), then by a path-aware natural order.
 * Ported from Biome 2 (`biome_string_case` `CldrAsciiCollator`, and `organize_imports/import_source.rs`).
 */

const CONTROLS = [...Array(9).keys(), ...Array.from({ length: 18 }, (_, i) => i + 0x0e), 0x7f];
const CONTROLS_AFTER = [0x09, 0x0a, 0x0b, 0x0c, 0x0d];
const ALNUM = `0123456789${[...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c) => c + c.toLowerCase()).join('')}`;

/** A weight per byte from the bytes listed in collation order; bytes over 127 weigh themselves. */
function weights(printable: string): Uint8Array {
  const order = [...CONTROLS, ...CONTROLS_AFTER, ...[...printable].map((c) => c.charCodeAt(0))];
  const table = new Uint8Array(256).map((_, i) => i);
  order.forEach((byte, weight) => {
    table[byte] = weight;
  });
  return table;
}

const NAME_WEIGHTS = weights(` _-,;:!?.'"()[]{}@*/\\&#%\`^+<=>|~$${ALNUM}`);
const SOURCE_WEIGHTS = weights(`/\\?#=&;,@:. _-+*!%$()[]{}<>|^~'"\`${ALNUM}`);
const utf8 = new TextEncoder();

const isDigit = (b: number | undefined): boolean => b !== undefined && b >= 0x30 && b <= 0x39;

/** Biome's natural order: bytes by weight, runs of digits by their value (`a9` < `a10`). */
function collate(a: string, b: string, weight: Uint8Array): number {
  const x = utf8.encode(a);
  const y = utf8.encode(b);
  for (let i = 0; ; ) {
    if (i >= x.length || i >= y.length) return Math.sign(x.length - y.length);
    let c1 = x[i] as number;
    let c2 = y[i] as number;
    i++;
    if (c1 === c2) continue;
    let byNumber = 0;
    while (isDigit(c1) || isDigit(c2)) {
      if (!isDigit(c1)) return -1;
      if (!isDigit(c2)) return 1;
      byNumber ||= Math.sign(c1 - c2);
      const n1 = x[i];
      const n2 = y[i];
      if (n1 === undefined || n2 === undefined) {
        if (n1 === n2) return byNumber;
        if (n1 === undefined) return isDigit(n2) ? -1 : byNumber || -1;
        return isDigit(n1) ? 1 : byNumber || 1;
      }
      c1 = n1;
      c2 = n2;
      i++;
    }
    if (byNumber !== 0) return byNumber;
    const w = (weight[c1] as number) - (weight[c2] as number);
    if (w !== 0) return Math.sign(w);
  }
}

/** Orders import specifiers (and any identifiers) as Biome does: `A` < `a` < `B`, `x9` < `x10`. */
export function compareNames(a: string, b: string): number {
  return collate(a, b, NAME_WEIGHTS);
}

/** Biome's `ImportSourceKind`, in sort order. */
function kindOf(source: string): number {
  const [unknown, url, protocol, pkg, alias, path] = [0, 1, 2, 3, 4, 5];
  if (/^@(\/|$)/.test(source) || /^[#~%]/.test(source)) return alias;
  if (source.startsWith('@')) return /^@[a-z0-9-]/.test(source) ? pkg : unknown;
  if (/^(\/|\.\.?(\/|$))/.test(source)) return path;
  const m = /^[a-z0-9_-][a-z0-9_.-]*(?=$|\/|(:))/.exec(source);
  if (m === null) return unknown;
  if (m[1] === undefined) return pkg;
  const next = source[m[0].length + 1];
  if (next === '/') return url;
  return next !== undefined && /[@a-z0-9_-]/.test(next) ? protocol : unknown;
}

type Component = { rank: 0 | 1 | 2 | 3; up?: number; name?: string };

/** Path components as Biome compares them: root < `../..` < `..` < `.` < names. */
function components(source: string): Component[] {
  const out: Component[] = source.startsWith('/') ? [{ rank: 0 }] : [];
  source.split('/').forEach((segment, i) => {
    const last = out[out.length - 1];
    if (segment === '' || (segment === '.' && i > 0)) return;
    if (segment === '.') out.push({ rank: 2 });
    else if (segment !== '..') out.push({ rank: 3, name: segment });
    else if (last?.rank === 1) last.up = (last.up ?? 1) + 1;
    else if (last?.rank === 2) out[out.length - 1] = { rank: 1, up: 1 };
    else out.push({ rank: 1, up: 1 });
  });
  return out;
}

function comparePaths(a: string, b: string): number {
  const x = components(a);
  const y = components(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const [p, q] = [x[i] as Component, y[i] as Component];
    if (p.rank !== q.rank) return p.rank - q.rank;
    if (p.rank === 1 && p.up !== q.up) return (q.up ?? 1) - (p.up ?? 1);
    if (p.rank === 3) {
      const c = collate(p.name ?? '', q.name ?? '', SOURCE_WEIGHTS);
      if (c !== 0) return c;
    }
  }
  return Math.sign(x.length - y.length);
}

/** Orders import sources as Biome does: `node:fs`, `@scope/pkg`, `fw`, `fw/validate`, `#alias`, `../x.js`, `./y.js`. */
export function compareSources(a: string, b: string): number {
  const kind = kindOf(a) - kindOf(b);
  if (kind !== 0) return kind;
  const byPath = kindOf(a) === 5 ? comparePaths(a, b) : 0;
  return byPath !== 0 ? byPath : collate(a, b, SOURCE_WEIGHTS);
}
