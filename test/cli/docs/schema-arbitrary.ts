/**
 * JSON values for a shape, for the property test holding each schema to its validator: values
 * that follow the shape (undeclared properties and all), the same values with one edit somewhere,
 * and any JSON at all. Every value has been through `JSON.stringify` and `JSON.parse`, so it is
 * what a request body can carry.
 */
import fc from 'fast-check';
import type { NamedType, Shape } from '../../../cli/ir.js';

/** Named types by id. */
export type Types = ReadonlyMap<string, NamedType>;

/** Values of `shape`, most following it, some edited once, some anything (weights 4:4:1). */
export function valuesOf(shape: Shape, types: Types): fc.Arbitrary<unknown> {
  const good = following(shape, types, 3);
  const edited = fc
    .tuple(good, fc.nat(), fc.nat(), fc.oneof(LEAF, nearDate, fc.constantFrom([], {}, [1])))
    .map(([v, pick, edit, replacement]) => edit1(v, pick, edit, replacement));
  const any = fc.oneof(LEAF, fc.jsonValue({ maxDepth: 3 }));
  return fc
    .oneof({ weight: 4, arbitrary: good }, { weight: 4, arbitrary: edited }, any)
    .map((v) => JSON.parse(JSON.stringify(v)) as unknown);
}

/** Leaves, among them the literals and tags the test models use. */
const LEAF = fc.oneof(
  fc.constantFrom(null, true, false, 0, 1, 2, 3, -1, 1.5, '', 'a', 'b', 'S', 'M', 'red', 'card'),
  fc.constantFrom('bank', 'circle', 'square', 'leaf', 'node', 'x', 'y', 'on', 'off'),
  fc.string({ maxLength: 4 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

/** Dates as `date` may read them: RFC 3339 date-times, `YYYY-MM-DD`, hh:mm without seconds. */
const goodDate: fc.Arbitrary<string> = fc
  .tuple(
    fc.date({
      min: new Date('0000-01-01T00:00:00Z'),
      max: new Date('9999-12-31T23:59:59Z'),
      noInvalidDate: true,
    }),
    fc.integer({ min: 0, max: 5 }),
    fc.integer({ min: 1, max: 9 }),
    fc.integer({ min: -23 * 60 - 59, max: 23 * 60 + 59 }),
  )
  .map(([d, form, digits, offset]) => {
    const iso = d.toISOString();
    const zone =
      form % 2 === 0
        ? 'Z'
        : `${offset < 0 ? '-' : '+'}${pad(Math.trunc(Math.abs(offset) / 60), 2)}:${pad(Math.abs(offset) % 60, 2)}`;
    if (form === 0) return iso.slice(0, 10);
    if (form === 1) return `${iso.slice(0, 16)}${zone}`;
    if (form === 2) return `${iso.slice(0, 19)}${zone}`;
    if (form === 3)
      return `${iso.slice(0, 19)}.${pad(d.getTime() % 1e9, 9).slice(0, digits)}${zone}`;
    return `${iso.slice(0, 19)}${zone}`;
  });

/**
 * Strings close to dates, each part now and then out of range: month 00 or 13, day 0, 29 Feb of
 * a common year, 31 April, hour 24, second 60, a 10th fraction digit, lowercase `t`/`z`, a space,
 * no zone, a 5-digit or signed year.
 */
const nearDate: fc.Arbitrary<string> = fc
  .tuple(
    fc.oneof(
      fc.integer({ min: 0, max: 9999 }).map((y) => pad(y, 4)),
      fc.constantFrom('+2024', '24', '12024'),
    ),
    fc.integer({ min: 0, max: 13 }),
    fc.integer({ min: 0, max: 32 }),
    fc.option(
      fc.tuple(
        fc.constantFrom('T', 'T', 'T', 't', ' '),
        fc.integer({ min: 0, max: 24 }),
        fc.integer({ min: 0, max: 60 }),
        fc.option(fc.integer({ min: 0, max: 60 })),
        fc.option(fc.integer({ min: 0, max: 10 }).map((n) => '7'.repeat(n))),
        fc.constantFrom('Z', 'Z', 'z', '', '+05:30', '-12:00', '+24:00', '+0530', '-00:60'),
      ),
    ),
  )
  .map(([year, month, day, time]) => {
    const date = `${year}-${pad(month, 2)}-${pad(day, 2)}`;
    if (time === null) return date;
    const [sep, h, m, sec, frac, zone] = time;
    const seconds = sec === null ? '' : `:${pad(sec, 2)}${frac === null ? '' : `.${frac}`}`;
    return `${date}${sep}${pad(h, 2)}:${pad(m, 2)}${seconds}${zone}`;
  });

/** Keys of undeclared properties, some that objects treat specially. */
const EXTRA_KEY = fc.constantFrom('extra', 'x_', 'kind', '__proto__', 'constructor', 'toString');

/** A value of `shape`, recursion bounded by `depth`, with undeclared properties now and then. */
function following(shape: Shape, types: Types, depth: number): fc.Arbitrary<unknown> {
  switch (shape.kind) {
    case 'string':
      return fc.oneof(
        fc.string({ maxLength: 4 }),
        LEAF.filter((v) => typeof v === 'string'),
      );
    case 'number':
      return fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }));
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'unknown':
      return fc.jsonValue({ maxDepth: 1 });
    case 'date':
      return fc.oneof({ weight: 3, arbitrary: goodDate }, nearDate);
    case 'literal':
      return fc.constant(shape.value);
    case 'array':
      return depth <= 0
        ? fc.constant([])
        : fc.array(following(shape.element, types, depth - 1), { maxLength: 3 });
    case 'tuple':
      return fc.tuple(...shape.elements.map((e) => following(e, types, depth - 1)));
    case 'record':
      return depth <= 0
        ? fc.constant({})
        : fc
            .array(
              fc.tuple(
                fc.constantFrom('a', 'b', 'c d', '0', '__proto__'),
                following(shape.value, types, depth - 1),
              ),
              {
                maxLength: 3,
              },
            )
            .map((entries) => Object.fromEntries(entries));
    case 'object': {
      const declared = shape.properties.map((p) => {
        const value = following(p.shape, types, depth - 1);
        const entry = value.map((v) => [[p.name, v]] as [string, unknown][]);
        return p.optional && depth <= 0
          ? fc.constant([])
          : p.optional
            ? fc.oneof(entry, fc.constant([]))
            : entry;
      });
      const extra = fc.array(fc.tuple(EXTRA_KEY, LEAF), { maxLength: 2 });
      return fc.tuple(extra, ...declared).map(([more, ...own]) => {
        const names = new Set(shape.properties.map((p) => p.name));
        return Object.fromEntries([...more.filter(([k]) => !names.has(k)), ...own.flat()]);
      });
    }
    case 'union': {
      // Past the depth, only members that end the recursion (no array, record or named type).
      const ends = shape.members.filter((m) => !['array', 'record', 'ref'].includes(m.kind));
      const members = depth <= 0 && ends.length > 0 ? ends : shape.members;
      return fc.oneof(...members.map((m) => following(m, types, depth)));
    }
    case 'ref': {
      const target = types.get(shape.id);
      if (target === undefined) throw new Error(`no type ${shape.id}`);
      return depth < -2 ? fc.constant(null) : following(target.shape, types, depth - 1);
    }
  }
}

/** `v` with one edit at a random place: a value replaced, a key or item removed, or one added. */
function edit1(v: unknown, pick: number, edit: number, replacement: unknown): unknown {
  const places: { parent: Record<string, unknown> | unknown[]; key: string | number }[] = [];
  const walk = (x: unknown): void => {
    if (typeof x !== 'object' || x === null) return;
    const entries: [string | number, unknown][] = Array.isArray(x)
      ? x.map((item, k) => [k, item])
      : Object.entries(x);
    for (const [key, item] of entries) {
      places.push({ parent: x as Record<string, unknown> | unknown[], key });
      walk(item);
    }
  };
  const copy = JSON.parse(JSON.stringify(v)) as unknown;
  walk(copy);
  const place = places[pick % Math.max(1, places.length)];
  if (place === undefined) return replacement;
  const { parent, key } = place;
  if (Array.isArray(parent)) {
    if (edit % 3 === 0) parent[key as number] = replacement;
    else if (edit % 3 === 1) parent.splice(key as number, 1);
    else parent.push(replacement);
  } else if (edit % 3 === 0) {
    Object.defineProperty(parent, key, {
      value: replacement,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  } else if (edit % 3 === 1) delete parent[key as string];
  else parent[`k${edit % 7}`] = replacement;
  return copy;
}
