import { createApp } from 'fw';
import { describe, expect, it } from 'vitest';
import {
  chooseEncoding,
  type Encoding,
} from '../../../../runtime/plugins/compression/compression.js';
import { bindingsOf } from '../../../http/support.js';

const BOTH: Encoding[] = ['br', 'gzip'];

describe('chooseEncoding', () => {
  it.each<[string, { given: string; offered?: Encoding[]; want: Encoding | undefined }]>([
    ['no header', { given: '', want: undefined }],
    ['gzip only', { given: 'gzip', want: 'gzip' }],
    ['both, the same q: the server order', { given: 'gzip, br', want: 'br' }],
    ['both, the server prefers gzip', { given: 'br, gzip', offered: ['gzip', 'br'], want: 'gzip' }],
    ['a higher q wins', { given: 'br;q=0.2, gzip;q=0.8', want: 'gzip' }],
    ['q=0 refuses', { given: 'br;q=0, gzip;q=0', want: undefined }],
    ['a wildcard', { given: '*', want: 'br' }],
    ['a wildcard after a refusal', { given: 'br;q=0, *', want: 'gzip' }],
    ['a wildcard refused', { given: '*;q=0', want: undefined }],
    ['only identity', { given: 'identity', want: undefined }],
    ['identity refused', { given: 'identity;q=0', want: undefined }],
    ['upper case', { given: 'GZIP;Q=1', want: 'gzip' }],
    ['spaces and tabs', { given: ' gzip \t; q=0.5 ', want: 'gzip' }],
    ['not offered', { given: 'br', offered: ['gzip'], want: undefined }],
    ['q above 1', { given: 'gzip;q=5, br;q=1', want: 'gzip' }],
    ['q not a number: identity, the safe answer', { given: 'br;q=x, gzip', want: undefined }],
    ['a negative q', { given: 'br;q=-1, gzip;q=0.1', want: 'gzip' }],
    ['only commas', { given: ',,,,', want: undefined }],
  ])('%s', (_name, { given, offered = BOTH, want }) => {
    expect(chooseEncoding(given, offered)).toBe(want);
  });
});

describe('the compression option', () => {
  const bindings = bindingsOf([]);
  it.each<[string, unknown, string]>([
    ['not an object', 'gzip', 'compression'],
    ['an unknown key', { level: 9 }, 'compression.level'],
    ['a negative threshold', { threshold: -1 }, 'compression.threshold'],
    ['a fractional threshold', { threshold: 1.5 }, 'compression.threshold'],
    ['no encodings', { encodings: [] }, 'compression.encodings'],
    ['an unknown encoding', { encodings: ['deflate'] }, 'compression.encodings'],
    ['an encoding twice', { encodings: ['gzip', 'gzip'] }, 'compression.encodings'],
  ])('refuses %s with FW_ERR_INVALID_OPTION', (_name, compression, option) => {
    expect(() => createApp({ bindings, compression: compression as never })).toThrow(
      expect.objectContaining({
        code: 'FW_ERR_INVALID_OPTION',
        message: expect.stringContaining(`createApp option '${option}' must be`),
      }),
    );
  });

  it.each([{}, { threshold: 0 }, { encodings: ['gzip'] as Encoding[] }])('takes %j', async (c) => {
    const app = createApp({ bindings, compression: c });
    await app.close();
  });
});
