// A generated validator never takes a property from Object.prototype, even once something in the
// process has polluted it: the input is then checked as a copy whose objects have no prototype.
import { fail, type Issues, isObject, type Key, prefix, string, validator } from 'fw/validate';
import { afterEach, describe, expect, it } from 'vitest';
import { ownOnly } from '../../../../runtime/core/validate/own-only.js';

/** What fwgen writes for `interface Grant { user: string; role: string }`. */
function checkGrant(v: unknown, issues: Issues, key: Key): unknown {
  if (!isObject(v)) return fail(v, issues, key, 'expected an object');
  const n = issues.length;
  const out: Record<string, unknown> = {};
  out['user'] = string(v['user'], issues, 'user');
  out['role'] = string(v['role'], issues, 'role');
  return prefix(issues, n, key, out);
}
const validateGrant = validator(checkGrant);
const validateGrants = validator((v, issues, key) => {
  if (!Array.isArray(v)) return fail(v, issues, key, 'expected an array');
  return v.map((item, i) => checkGrant(item, issues, i));
});

const proto = Object.prototype as Record<string, unknown>;
afterEach(() => {
  delete proto['role'];
});

describe('validator on a polluted Object.prototype', () => {
  it('counts a property only Object.prototype holds as missing, however warm the validator is', () => {
    for (let i = 0; i < 10_000; i++) validateGrant({ user: 'ann', role: 'reader' });
    proto['role'] = 'admin';
    expect(validateGrant(JSON.parse('{"user":"ann"}'))).toEqual({
      ok: false,
      issues: [{ path: 'role', message: 'is required' }],
    });
    expect(validateGrants(JSON.parse('[{"user":"a","role":"r"},{"user":"b"}]'))).toEqual({
      ok: false,
      issues: [{ path: '[1].role', message: 'is required' }],
    });
  });

  it('still accepts what is sent, and gives plain objects to the handler', () => {
    proto['role'] = 'admin';
    const got = validateGrant(JSON.parse('{"user":"ann","role":"reader"}'));
    expect(got).toEqual({ ok: true, value: { user: 'ann', role: 'reader' } });
    expect(got.ok && Object.getPrototypeOf(got.value)).toBe(Object.prototype);
  });

  it('reads the prototype again once it is clean', () => {
    expect(validateGrant(JSON.parse('{"user":"ann"}')).ok).toBe(false);
  });
});

describe('ownOnly', () => {
  it('copies objects to null-prototype records and keeps arrays, scalars and __proto__ keys', () => {
    const input = JSON.parse('{"a":[{"b":1},null,"s"],"__proto__":{"c":true}}');
    const copy = ownOnly(input) as Record<string, unknown>;
    expect(Object.getPrototypeOf(copy)).toBeNull();
    expect(Array.isArray(copy['a'])).toBe(true);
    const [first, second, third] = copy['a'] as unknown[];
    expect([Object.getPrototypeOf(first), second, third]).toEqual([null, null, 's']);
    expect(Object.keys(copy)).toEqual(['a', '__proto__']);
    expect(input['a'][0]).not.toBe(first);
  });

  it('copies any depth of nesting without overflowing the stack', () => {
    const deep = JSON.parse(`${'['.repeat(200_000)}${']'.repeat(200_000)}`);
    let at = ownOnly(deep) as unknown[];
    let depth = 1;
    while (at.length > 0) {
      at = at[0] as unknown[];
      depth++;
    }
    expect(depth).toBe(200_000);
  });
});
