/**
 * JSON values for a shape, for the property test holding each schema to its validator: values
 * that follow the shape (undeclared properties and all), the same values with one edit somewhere,
 * and any JSON at all. Every value has been through `JSON.stringify` and `JSON.parse`, so it is
 * what a request body can carry.
 */
import fc from 'fast-check';
import type {
  ArrayConstraints,
  NamedType,
  NumberConstraints,
  Shape,
  StringConstraints,
} from '../../../cli/ir.js';

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

/**
 * Integers as a `bigint` may read them: strings of digits (past 2^53 too, up to the 80-character
 * limit) and safe integer numbers.
 */
const goodInteger: fc.Arbitrary<string | number> = fc.oneof(
  fc.bigInt({ min: -(10n ** 79n) + 1n, max: 10n ** 80n - 1n }).map(String),
  fc.bigInt({ min: -(2n ** 64n), max: 2n ** 64n }).map(String),
  fc.constantFrom('0', '-0', '9007199254740993', '-9007199254740993'),
  fc.maxSafeInteger(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER),
);

/**
 * Near integers: a leading zero or `+`, a fraction, an exponent, spaces, hex, an `n`, texts at
 * and past the 80-character limit, an unsafe or fractional number.
 */
const nearInteger: fc.Arbitrary<string | number> = fc.oneof(
  fc.constantFrom('', '-', '01', '+1', '1.0', '1e3', ' 1', '1 ', '0x1f', '12n', '--1', '1_000'),
  fc.constantFrom('9'.repeat(81), `-${'9'.repeat(80)}`, '1'.repeat(80), `-${'1'.repeat(79)}`),
  fc.constantFrom(2 ** 53, -(2 ** 53), 2 ** 53 + 2, 1e21, 0.5, -1.5),
);

/** Keys of undeclared properties, some that objects treat specially. */
const EXTRA_KEY = fc.constantFrom('extra', 'x_', 'kind', '__proto__', 'constructor', 'toString');

/**
 * A value of `shape`, recursion bounded by `depth`, with undeclared properties now and then. A
 * constrained value is valid `odds` times as often as it is just past a bound (an object's
 * properties get better odds, so that an object with many constrained properties is often valid).
 */
function following(shape: Shape, types: Types, depth: number, odds = 3): fc.Arbitrary<unknown> {
  switch (shape.kind) {
    case 'string':
      if (shape.constraints !== undefined) return constrainedString(shape.constraints, odds);
      return fc.oneof(
        fc.string({ maxLength: 4 }),
        LEAF.filter((v) => typeof v === 'string'),
      );
    case 'number':
      if (shape.constraints !== undefined) return constrainedNumber(shape.constraints, odds);
      return fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }));
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'unknown':
      return fc.jsonValue({ maxDepth: 1 });
    case 'date':
      return fc.oneof({ weight: 3, arbitrary: goodDate }, nearDate);
    case 'bigint':
      return fc.oneof({ weight: 3, arbitrary: goodInteger }, nearInteger);
    case 'literal':
      return fc.constant(shape.value);
    case 'array':
      if (shape.constraints !== undefined) {
        return constrainedArray(
          following(shape.element, types, depth - 1, odds * 4),
          shape.constraints,
          odds,
        );
      }
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
        const value = following(p.shape, types, depth - 1, odds * shape.properties.length);
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
      return fc.oneof(...members.map((m) => following(m, types, depth, odds)));
    }
    case 'ref': {
      const target = types.get(shape.id);
      if (target === undefined) throw new Error(`no type ${shape.id}`);
      return depth < -2 ? fc.constant(null) : following(target.shape, types, depth - 1, odds);
    }
  }
}

const CODE_POINT = fc.integer({ min: 0x20, max: 0x10ffff }).map((c) => String.fromCodePoint(c));

/** Strings of exactly `n` code points, some of them outside the BMP (two UTF-16 units). */
const ofLength = (n: number): fc.Arbitrary<string> =>
  fc.string({
    unit: fc.oneof(fc.constantFrom('a', 'b', 'c', '😀', '/'), CODE_POINT),
    minLength: n,
    maxLength: n,
  });

/** Lengths within the bounds, at and next to them, and just past them. */
function lengths(min: number | undefined, max: number | undefined): [number[], number[]] {
  const lo = min ?? 0;
  const hi = max ?? lo + 3;
  const inside = [...new Set([lo, lo + 1, hi - 1, hi])].filter((n) => n >= lo && n <= hi);
  return [inside, [lo - 1, hi + 1].filter((n) => n >= 0)];
}

/** `valid` `odds` times as often as `miss`. */
function weighted<T>(
  odds: number,
  valid: fc.Arbitrary<T>[],
  miss: fc.Arbitrary<T>[],
): fc.Arbitrary<T> {
  const a = fc.oneof(...valid);
  if (miss.length === 0) return a;
  return fc.oneof({ weight: odds, arbitrary: a }, { weight: 1, arbitrary: fc.oneof(...miss) });
}

/** Values of each format. */
type Format = NonNullable<StringConstraints['format']>;
const GOOD_FORMATS: Record<Format, fc.Arbitrary<string>> = {
  email: fc.oneof(fc.emailAddress(), fc.constantFrom('A@B.C', 'a@b', 'a.b+c@x-y.io')),
  uri: fc.oneof(fc.webUrl(), fc.constantFrom('x:', 'mailto:a@b', 'urn:isbn:0451450523')),
  uuid: fc.oneof(
    fc.uuid(),
    fc.uuid().map((u) => u.toUpperCase()),
  ),
  date: goodDate.map((d) => d.slice(0, 10)),
  // RFC 3339 needs the seconds that `Date` may leave out.
  'date-time': goodDate.map((d) =>
    d.length === 10 ? `${d}T00:00:00Z` : /T\d\d:\d\d:/.test(d) ? d : `${d.slice(0, 16)}:00Z`,
  ),
  ipv4: fc.ipV4(),
  ipv6: fc.ipV6(),
};
/** Strings close to a format's values. */
const NEAR_FORMATS: Record<Format, fc.Arbitrary<string>> = {
  email: fc.constantFrom('ann', 'ann@', '@x.io', 'a b@x.io', 'a@-x.io', 'a@x.io.', 'a@@x.io'),
  uri: fc.constantFrom('/a/b', 'a b:c', '1x:y', 'h ttp://x', 'https://a b', ':x'),
  uuid: fc.oneof(
    fc.uuid().map((u) => u.slice(1)),
    fc.uuid().map((u) => u.replaceAll('-', '')),
    fc.uuid().map((u) => `${u.slice(0, -1)}g`),
  ),
  date: nearDate,
  'date-time': nearDate,
  ipv4: fc.oneof(fc.ipV4Extended(), fc.constantFrom('1.2.3', '256.0.0.1', '01.2.3.4')),
  ipv6: fc.constantFrom('1::2::3', '12345::', ':::', '::ffff:1.2.3', 'g::1', '1:2:3:4:5:6:7:8:9'),
};

/**
 * Strings near a string's constraints: valid ones of its format (or else its pattern, or else its
 * lengths) that meet its other constraints, and ones just past a length bound, near the format or
 * not matching the pattern.
 */
function constrainedString(c: StringConstraints, odds: number): fc.Arbitrary<string> {
  const [inside, outside] = lengths(c.minLength, c.maxLength);
  const pattern = c.pattern === undefined ? undefined : new RegExp(c.pattern, 'u');
  const long = (m: string): number => [...m].length;
  const fits = (m: string): boolean =>
    long(m) >= (c.minLength ?? 0) && long(m) <= (c.maxLength ?? Number.POSITIVE_INFINITY);
  const miss = outside.length > 0 ? [fc.constantFrom(...outside).chain(ofLength)] : [];
  let valid = fc.constantFrom(...inside).chain(ofLength);
  if (pattern !== undefined) {
    const matching = fc.stringMatching(pattern, { size: 'xsmall' });
    valid = matching.filter(fits);
    miss.push(
      matching.map((m) => `${m}!`),
      matching,
    );
  }
  if (c.format !== undefined) {
    valid = GOOD_FORMATS[c.format].filter((m) => fits(m) && (pattern?.test(m) ?? true));
    miss.push(NEAR_FORMATS[c.format], GOOD_FORMATS[c.format]);
  }
  return weighted(odds, [valid], miss);
}

/** Numbers at, around and between a number's bounds, multiples and not. */
function constrainedNumber(c: NumberConstraints, odds: number): fc.Arbitrary<number> {
  const bounds = [c.minimum, c.exclusiveMinimum, c.maximum, c.exclusiveMaximum].filter(
    (b): b is number => b !== undefined,
  );
  const near = bounds.flatMap((b) => [b - 1, b - 0.5, b - 1e-9, b, b + 1e-9, b + 0.5, b + 1]);
  const lo = c.minimum ?? c.exclusiveMinimum ?? -10;
  const hi = c.maximum ?? c.exclusiveMaximum ?? lo + 20;
  const step = c.multipleOf ?? (c.integer === true ? 1 : undefined);
  const inside =
    step === undefined
      ? fc.double({ min: lo, max: hi, noNaN: true })
      : fc.integer({ min: Math.ceil(lo / step), max: Math.floor(hi / step) }).map((k) => k * step);
  const miss = [
    fc.constantFrom(...near, 0, -0, 0.3, 1e21, -1e21),
    fc.double({ min: lo - 2, max: hi + 2, noNaN: true }),
  ];
  if (step !== undefined) miss.push(inside.map((m) => m + step / 3));
  return weighted(odds, [inside], miss);
}

/** Arrays with lengths around the bounds, and some with an item repeated. */
function constrainedArray(
  item: fc.Arbitrary<unknown>,
  c: ArrayConstraints,
  odds: number,
): fc.Arbitrary<unknown[]> {
  const [inside, outside] = lengths(c.minItems, c.maxItems ?? 3);
  const sized = (ns: number[]) =>
    fc.constantFrom(...ns).chain((n) => fc.array(item, { minLength: n, maxLength: n }));
  const valid =
    c.uniqueItems === true
      ? fc.constantFrom(...inside).chain((n) =>
          fc.uniqueArray(item, {
            minLength: n,
            maxLength: n,
            selector: (v) => JSON.stringify(v),
          }),
        )
      : sized(inside);
  const miss = outside.length > 0 ? [sized(outside)] : [];
  if (c.uniqueItems === true) {
    miss.push(valid.map((items) => (items.length === 0 ? items : [...items, items[0]])));
  }
  return weighted(odds, [valid], miss);
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
