// Properties of Accept-Encoding negotiation (API.md "Compression") on generated headers: it never
// throws, answers only an offered encoding never refused with q=0, and over a socket every answer
// decodes to the body.
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chooseEncoding, type Encoding } from '../../runtime/plugins/compression/compression.js';
import { serve } from '../http/support.js';
import { runs, stringOf, within } from './support.js';

const PIECES = [
  'br',
  'gzip',
  'identity',
  '*',
  'deflate',
  'GZIP',
  ';',
  'q=',
  'Q=',
  '0',
  '1',
  '.',
  '5',
  'e9',
  '-',
  'NaN',
  ',',
  ' ',
  '\t',
  '=',
  'x',
];
const header = stringOf(PIECES, 30).map((s) => s);
const offered = fc.constantFrom<Encoding[]>(['br', 'gzip'], ['gzip', 'br'], ['gzip'], ['br']);

describe('chooseEncoding on any header', () => {
  it('never throws, and answers an offered encoding or none', () => {
    fc.assert(
      fc.property(header, offered, (h, o) => {
        const got = chooseEncoding(h, o);
        expect(got === undefined || o.includes(got)).toBe(true);
      }),
      { numRuns: runs(2000) },
    );
  });

  it('never answers an encoding the header refuses by name with q=0 and nothing else', () => {
    fc.assert(
      fc.property(fc.constantFrom<Encoding>('br', 'gzip'), header, (e, rest) => {
        const h = `${e};q=0,${rest.toLowerCase().replaceAll(e, '').replaceAll('*', '')}`;
        expect(chooseEncoding(h, ['br', 'gzip'])).not.toBe(e);
      }),
      { numRuns: runs(1000) },
    );
  });
});

const BODY = 'x'.repeat(5000);

function get(port: number, accept: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: '/big', headers: { 'Accept-Encoding': accept } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const enc = res.headers['content-encoding'];
          const plain =
            enc === 'gzip' ? gunzipSync(raw) : enc === 'br' ? brotliDecompressSync(raw) : raw;
          resolve({ status: res.statusCode ?? 0, text: plain.toString() });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('a compressing server on any Accept-Encoding', () => {
  it('answers 200 with the body, decoded as its Content-Encoding says', async () => {
    const served = await serve([{ method: 'GET', path: '/big', handle: () => BODY }], {
      compression: {},
    });
    await fc.assert(
      fc.asyncProperty(header, async (h) => {
        const res = await within(5000, `Accept-Encoding ${JSON.stringify(h)}`, get(served.port, h));
        expect(res).toEqual({ status: 200, text: BODY });
      }),
      { numRuns: runs(40) },
    );
    expect(await served.alive()).toBe(200);
  });
});
