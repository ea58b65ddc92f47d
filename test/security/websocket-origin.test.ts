// The origin policy of WebSocket upgrades (API.md section 5b) against look-alike origins: a browser
// sends `Origin` as `scheme://host[:port]` and nothing else, so a value with userinfo, a path, a
// query, a fragment, an escape or a space is refused, whatever host it might be read as; the host
// is compared exactly, after lower-casing and dropping a default port. test/ws/handshake.test.ts
// has the ordinary cases (no Origin, the same origin, a foreign one, the allow-list's case and port).
import { describe, expect, it } from 'vitest';
import { Client, problem, RawClient, refusal, serve } from '../ws/support.js';

const route = { method: 'WS', path: '/ws', handle: () => 'in' };

function refused(origin: string) {
  return problem(
    403,
    'Forbidden',
    `Origin '${origin}' may not open a WebSocket here; ` +
      'allow it in cors({ origins }) or createApp({ allowedOrigins })',
    'FW_ERR_WEBSOCKET_ORIGIN',
  );
}

/** Cases for a server on 127.0.0.1:`port`; `port` is filled in at run time. */
type Case = [name: string, origin: (port: number) => string];

describe('without allowedOrigins: only the Host the request was sent to', () => {
  const accepted: Case[] = [
    ['the same host and port, upper case', (p) => `HTTP://127.0.0.1:${p}`],
    [
      'the same host and port over https (the scheme is not compared)',
      (p) => `https://127.0.0.1:${p}`,
    ],
  ];
  it.each(accepted)('accepts %s', async (_name, origin) => {
    const { port } = await serve([route]);
    const client = await Client.open(port, '/ws', { origin: origin(port) });
    expect(await client.ask('x')).toBe('in');
  });

  const refusedCases: Case[] = [
    ['the opaque origin null', () => 'null'],
    ['another name for the host', (p) => `http://localhost:${p}`],
    ['the host without the port', () => 'http://127.0.0.1'],
    ['another port', (p) => `http://127.0.0.1:${p + 1}`],
    ['the host as a suffix', (p) => `http://127.0.0.1.evil.com:${p}`],
    ['userinfo naming another host', (p) => `http://127.0.0.1:${p}@evil.com`],
    ['userinfo in front of the host', (p) => `http://evil.com@127.0.0.1:${p}`],
    ['a path', (p) => `http://127.0.0.1:${p}/`],
    ['a query', (p) => `http://127.0.0.1:${p}?x`],
    ['a fragment', (p) => `http://127.0.0.1:${p}#x`],
    ['a backslash', (p) => `http://127.0.0.1:${p}\\@evil.com`],
    ['an escaped dot', (p) => `http://127.0.0.1%2e:${p}`],
    ['no scheme', (p) => `127.0.0.1:${p}`],
    ['a file URL', () => 'file:///etc/passwd'],
    ['garbage', () => 'not an origin'],
  ];
  it.each(refusedCases)('refuses %s with 403', async (_name, origin) => {
    const { port } = await serve([route]);
    const res = await refusal(port, '/ws', { origin: origin(port) });
    expect([res.status, res.json]).toEqual([403, refused(origin(port))]);
  });

  // `ws` sends no header for an empty origin, so these go over a bare socket.
  it.each([
    [
      'two Origin headers, the first its own',
      (p: number) => [`http://127.0.0.1:${p}`, 'https://evil.com'],
    ],
    [
      'two Origin headers, the second its own',
      (p: number) => ['https://evil.com', `http://127.0.0.1:${p}`],
    ],
    ['an empty Origin', () => ['']],
  ])('refuses %s with 403', async (_name, origins) => {
    const { port } = await serve([route]);
    const client = await RawClient.connect(port);
    const lines = origins(port).map((o) => `Origin: ${o}\r\n`);
    await client.write(
      `GET /ws HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
        `Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n${lines.join('')}\r\n`,
    );
    const res = await client.response();
    client.destroy();
    expect(res.status).toBe(403);
  });
});

describe("with allowedOrigins ['https://app.example.com']", () => {
  const options = { allowedOrigins: ['https://app.example.com'] };

  it.each([
    ['exactly', 'https://app.example.com'],
    ['in upper case', 'HTTPS://APP.EXAMPLE.COM'],
    ['with its default port', 'https://app.example.com:443'],
  ])('accepts the listed origin %s', async (_name, origin) => {
    const { port } = await serve([route], options);
    const client = await Client.open(port, '/ws', { origin });
    expect(await client.ask('x')).toBe('in');
  });

  it.each([
    ['another scheme', 'http://app.example.com'],
    ['another port', 'https://app.example.com:8443'],
    ['the listed host as a prefix', 'https://app.example.com.evil.com'],
    ['the listed host as a suffix', 'https://evilapp.example.com'],
    ['a subdomain', 'https://sub.app.example.com'],
    ['a parent domain', 'https://example.com'],
    ['a trailing dot', 'https://app.example.com.'],
    ['the listed host in the query', 'https://evil.com?app.example.com'],
    ['the listed host in the fragment', 'https://evil.com#app.example.com'],
    ['the listed host in the path', 'https://evil.com/app.example.com'],
    ['the listed host as userinfo', 'https://app.example.com@evil.com'],
    ['userinfo in front of the listed host', 'https://evil.com@app.example.com'],
    ['userinfo with a password', 'https://u:p@app.example.com'],
    ['a trailing slash', 'https://app.example.com/'],
    ['a backslash', 'https://app.example.com\\@evil.com'],
    ['escaped dots', 'https://app%2eexample%2ecom'],
    ['a homograph in punycode', 'https://xn--pp-6kc.example.com'],
    ['a tab inside', 'https://app.example.com\t.evil.com'],
    ['null', 'null'],
  ])('refuses %s with 403', async (_name, origin) => {
    const { port } = await serve([route], options);
    const res = await refusal(port, '/ws', { origin });
    expect([res.status, res.json]).toEqual([403, refused(origin)]);
  });

  it("still accepts the server's own origin besides the list", async () => {
    const { port } = await serve([route], options);
    const client = await Client.open(port, '/ws', { origin: `http://127.0.0.1:${port}` });
    expect(await client.ask('x')).toBe('in');
  });

  it('accepts a client that sends no Origin (not a browser)', async () => {
    const { port } = await serve([route], options);
    const client = await Client.open(port, '/ws');
    expect(await client.ask('x')).toBe('in');
  });
});
