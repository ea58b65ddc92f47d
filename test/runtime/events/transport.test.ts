// isUnprocessable: which consumer failures a broker transport dead-letters at once instead of
// redelivering; only the payload's own faults, found anywhere in the error's chain.
import { FwError, HttpError, isUnprocessable } from 'fw';
import { describe, expect, it } from 'vitest';
import { joinErrors } from '../../../runtime/core/error-chain.js';

const invalid = () => new FwError('FW_ERR_PAYLOAD_INVALID', { issues: 'qty: expected a number' });
const malformed = () => new FwError('FW_ERR_PAYLOAD_MALFORMED', { reason: 'Unexpected end' });

describe('isUnprocessable', () => {
  it.each<[string, unknown, boolean]>([
    ['a payload that does not match its type', invalid(), true],
    ['a payload that is not JSON', malformed(), true],
    ['an event no consumer takes', new FwError('FW_ERR_NO_CONSUMER', { event: 'x.y' }), true],
    ['one consumer of two refusing the payload', joinErrors(new Error('db down'), invalid()), true],
    ['a payload error as the cause', new Error('consumer failed', { cause: malformed() }), true],
    ['a handler error', new Error('db down'), false],
    ['an HttpError 400 of the handler', new HttpError(400, 'no such order'), false],
    ['an invalid HTTP body', new FwError('FW_ERR_BODY_INVALID', { issues: 'x' }), false],
    ['a thrown string', 'boom', false],
    ['undefined', undefined, false],
  ])('%s', (_, err, expected) => {
    expect(isUnprocessable(err)).toBe(expected);
  });
});
