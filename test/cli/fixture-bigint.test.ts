// bigint in JSON, end to end (fixtures/bigint-json): the generated validator reads a body's or a
// WebSocket payload's integers from strings of digits (or safe integer numbers) into bigints, and
// the generated writer writes the answer's bigints back as strings of digits, exactly, past 2^53
// and past 64 bits. Real sockets on 127.0.0.1.
import { createApp, jsonLogger } from 'fw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindings } from '../../fixtures/bigint-json/expected/bindings.js';
import { Client } from '../ws/support.js';

/** The client errors these tests cause are logged at info: kept out of the test output. */
const app = createApp({ bindings, logger: jsonLogger({ level: 'warn' }) });
let port = 0;
let base = '';

beforeAll(async () => {
  ({ port } = await app.listen({ port: 0, host: '127.0.0.1' }));
  base = `http://127.0.0.1:${port}`;
});
afterAll(() => app.close());

/** 2^53 + 1: the first integer a JSON number cannot hold. */
const PAST_2_53 = '9007199254740993';

const TRANSFER = {
  account: PAST_2_53,
  amount: '-18446744073709551617',
  reference: null,
  parts: ['1', 2, PAST_2_53],
};

/** The answer's text, every integer a string of digits, computed with bigints. */
const RECEIPT =
  `{"account":"${PAST_2_53}","balance":"${10n ** 30n - 18446744073709551617n}",` +
  `"reference":null,"total":"${3n + 9007199254740993n}","parts":["1","2","${PAST_2_53}"]}`;

async function post(path: string, body: unknown): Promise<{ status: number; text: string }> {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, text: await res.text() };
}

describe('bigint properties over HTTP', () => {
  it(`reads ${PAST_2_53} into a bigint and writes it back exactly, as a string`, async () => {
    const res = await post('/ledger/transfers', TRANSFER);
    expect(res).toEqual({ status: 200, text: RECEIPT });
    const receipt = JSON.parse(res.text) as { account: string; balance: string };
    expect(BigInt(receipt.account)).toBe(9007199254740993n);
    expect(BigInt(receipt.balance)).toBe(999999999981553255926290448383n);
  });

  it('writes a bigint answer, and null beside it', async () => {
    expect(await post('/ledger/totals', TRANSFER)).toEqual({
      status: 200,
      text: `"${3n + 9007199254740993n}"`,
    });
    expect(await post('/ledger/totals', { ...TRANSFER, parts: [] })).toEqual({
      status: 200,
      text: 'null',
    });
  });

  it.each([
    // What the number 9007199254740993 is once JSON.parse has read it: a digit already lost.
    ['a number past the safe integers', { account: 2 ** 53 }, 'account'],
    ['a fraction', { amount: '1.5' }, 'amount'],
    ['a leading zero', { reference: '007' }, 'reference'],
    ['an exponent', { parts: ['1e3'] }, 'parts[0]'],
    ['81 digits', { account: '1'.repeat(81) }, 'account'],
  ])('answers 400 for %s, naming the property', async (_what, edit, path) => {
    const res = await post('/ledger/transfers', { ...TRANSFER, ...edit });
    expect(res.status).toBe(400);
    const problem = JSON.parse(res.text) as { errors: { path: string; message: string }[] };
    expect(problem.errors).toEqual([{ path, message: 'expected an integer string' }]);
  });
});

describe('bigint properties over a WebSocket', () => {
  it('reads a payload and replies with the same digits', async () => {
    const client = await Client.open(port, '/ws/ledger');
    client.ws.send(JSON.stringify(TRANSFER));
    expect((await client.next()).data).toBe(RECEIPT);
  });
});
