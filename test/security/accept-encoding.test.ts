// A hostile Accept-Encoding never crashes a compressing server nor changes what it sends: each
// gets 200 with the whole body, identity or an encoding offered, and the server answers the next
// request.
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { serve } from '../http/support.js';

const BODY = JSON.stringify({ text: 'y'.repeat(4000) });

const HOSTILE: [string, string][] = [
  ['12 KB of one encoding', 'gzip,'.repeat(2400)],
  [
    'thousands of q-values',
    Array.from({ length: 1000 }, (_, i) => `e${i};q=0.${i % 10}`).join(','),
  ],
  ['a q of 1e999', 'br;q=1e999, gzip'],
  ['a negative q', 'br;q=-1, gzip;q=-0.5'],
  ['q=NaN', 'br;q=NaN'],
  ['everything refused', '*;q=0'],
  ['identity refused', 'identity;q=0'],
  ['identity and everything refused', 'identity;q=0, *;q=0'],
  ['only separators', ';;;,,,===;q=;q=,'],
  ['Latin-1 bytes', 'g\u00ffzip;q=\u00e9'],
  ['a parameter with no value', 'gzip;q, br;'],
  ['a wildcard then a refusal', '*, br;q=0'],
];

function get(
  port: number,
  accept: string,
): Promise<{ status: number; text: string; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    const headers = { 'Accept-Encoding': accept };
    const req = request({ host: '127.0.0.1', port, path: '/doc', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const plain =
          encoding === 'gzip'
            ? gunzipSync(raw)
            : encoding === 'br'
              ? brotliDecompressSync(raw)
              : raw;
        resolve({ status: res.statusCode ?? 0, text: plain.toString(), encoding });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('a hostile Accept-Encoding', () => {
  it.each(HOSTILE)('%s: 200 with the body, and the server goes on', async (_name, accept) => {
    const served = await serve([{ method: 'GET', path: '/doc', handle: () => BODY }], {
      compression: {},
    });

    const res = await get(served.port, accept);

    expect(res.status).toBe(200);
    expect(res.text).toBe(BODY);
    expect([undefined, 'br', 'gzip']).toContain(res.encoding);
    expect(await served.alive()).toBe(200);
    expect(served.logger.failures()).toEqual([]);
  });

  it('a refusal by name holds against a later wildcard', async () => {
    const served = await serve([{ method: 'GET', path: '/doc', handle: () => BODY }], {
      compression: {},
    });

    expect((await get(served.port, '*, br;q=0')).encoding).toBe('gzip');
    expect((await get(served.port, 'br;q=0, gzip;q=0, *')).encoding).toBeUndefined();
  });
});
