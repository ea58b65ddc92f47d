// The WebSocket options of createApp are checked at start-up, naming the option (options.ts).
import { type AppOptions, BINDINGS_VERSION, createApp, FwError } from 'fw';
import { describe, expect, it } from 'vitest';

const bindings = { version: BINDINGS_VERSION, controllers: [] } as const;

describe('WebSocket options', () => {
  it.each<[string, Partial<AppOptions>, string]>([
    [
      'an origin that is no URL',
      { allowedOrigins: ['app.example.com'] },
      "allowedOrigins' must be origins such as 'https://app.example.com'; got 'app.example.com'",
    ],
    [
      'allowedOrigins not an array',
      { allowedOrigins: 'https://a.example' as never },
      "allowedOrigins' must be an array of origins; got 'https://a.example'",
    ],
    [
      'maxConnections 1.5',
      { maxConnections: 1.5 },
      "maxConnections' must be a positive integer; got 1.5",
    ],
    [
      'maxConnections 0',
      { maxConnections: 0 },
      "maxConnections' must be a positive integer; got 0",
    ],
    [
      'maxMessageBytes -1',
      { maxMessageBytes: -1 },
      "maxMessageBytes' must be a positive number; got -1",
    ],
    ['pingIntervalMs 0', { pingIntervalMs: 0 }, "pingIntervalMs' must be a positive number; got 0"],
    [
      'handshakeTimeoutMs NaN',
      { handshakeTimeoutMs: Number.NaN },
      "handshakeTimeoutMs' must be a positive number; got NaN",
    ],
  ])('rejects %s', (_name, given, want) => {
    let err: unknown;
    try {
      createApp({ bindings, ...given });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(FwError);
    expect((err as FwError).message).toBe(`createApp option '${want}`);
  });

  it('accepts the defaults and origins with a path or a default port', () => {
    expect(() =>
      createApp({ bindings, allowedOrigins: ['https://a.example:443/', 'http://b.example:8080'] }),
    ).not.toThrow();
  });
});
