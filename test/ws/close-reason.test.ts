// A close frame carries at most 123 bytes of reason (RFC 6455 section 5.5): longer problem details
// are cut on a character boundary.
import { describe, expect, it } from 'vitest';
import { closeReason } from '../../runtime/ws/close-codes.js';

describe('closeReason', () => {
  it.each([
    [
      'a short text as it is',
      'Invalid payload: text: expected a string',
      'Invalid payload: text: expected a string',
    ],
    ['123 bytes as they are', 'a'.repeat(123), 'a'.repeat(123)],
    ['124 bytes cut, with an ellipsis', 'a'.repeat(124), `${'a'.repeat(120)}…`],
    ['two-byte characters on a boundary', 'é'.repeat(100), `${'é'.repeat(60)}…`],
    ['a four-byte character not split', `${'a'.repeat(119)}😀😀`, `${'a'.repeat(119)}…`],
  ])('keeps %s', (_name, text, want) => {
    const got = closeReason(text);
    expect(got).toBe(want);
    expect(Buffer.byteLength(got)).toBeLessThanOrEqual(123);
  });
});
