/**
 * Shared by the property and fuzz tests: run counts, a guard that turns a hang into a
 * failure naming the input, and the few arbitraries more than one file needs.
 *
 * Every property prints fast-check's seed and path on failure; replay one with
 * `fc.assert(prop, { seed, path, endOnFailure: true })`. `FW_FUZZ_SCALE=10 npx vitest run test/fuzz`
 * runs ten times as many inputs (the CI budget is the scale of 1).
 */
import fc from 'fast-check';

const scale = Number(process.env['FW_FUZZ_SCALE'] ?? '1');

/** `n` runs, times `FW_FUZZ_SCALE` when set. */
export function runs(n: number): number {
  return Number.isFinite(scale) && scale > 0 ? Math.max(1, Math.round(n * scale)) : n;
}

/** Rejects when `promise` has not settled within `ms`: a hang is a failure, not a stuck suite. */
export async function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms: ${what}`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Any UTF-16 code unit, lone surrogates included: what a JavaScript string can hold. */
export const codeUnit: fc.Arbitrary<string> = fc
  .integer({ min: 0, max: 0xffff })
  .map((c) => String.fromCharCode(c));

/** Strings of any code units, lone surrogates included. */
export function anyString(maxLength = 40): fc.Arbitrary<string> {
  return fc.string({ unit: codeUnit, maxLength });
}

/** Well-formed strings of any code point: every character a URL or a JSON body can carry. */
export function unicodeString(maxLength = 20): fc.Arbitrary<string> {
  return fc.string({ unit: 'binary', maxLength });
}

/** Names of keys: any text, and those a record or its prototype treat specially. */
export function keyName(maxLength = 12): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: unicodeString(maxLength) },
    fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', '0', '1', '01', '-1'),
  );
}

/** Strings over `alphabet`, where the interesting characters are dense enough to matter. */
export function stringOf(alphabet: readonly string[], maxLength = 12): fc.Arbitrary<string> {
  return fc.string({ unit: fc.constantFrom(...alphabet), maxLength });
}

/** The statuses a request with a hostile body may get: handled, or refused as the client's fault. */
export const CLIENT_FAULT = [400, 413, 415] as const;
