/**
 * A client for the CORS and cookie tests: `node:http`, so that any `Origin`, `Cookie` or
 * `Access-Control-Request-*` header can be sent (as raw Latin-1 bytes too), and every `Set-Cookie`
 * line is read apart.
 */
import { type IncomingHttpHeaders, request } from 'node:http';

/** What the server answered; header names lower case, `set-cookie` one entry per line. */
export interface WebResponse {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  /** The `Access-Control-*` headers, names lower case. */
  readonly cors: Record<string, string>;
  /** Every `Set-Cookie` line, in order. */
  readonly setCookies: readonly string[];
}

/** Sends one request to 127.0.0.1:`port` on a fresh connection. */
export function send(
  port: number,
  options: {
    readonly method?: string;
    readonly path?: string;
    readonly headers?: Readonly<Record<string, string | readonly string[]>>;
    readonly body?: string;
  } = {},
): Promise<WebResponse> {
  const { method = 'GET', path = '/ok', headers = {}, body } = options;
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method, path, headers: headers as never, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const cors: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers)) {
            if (name.startsWith('access-control-')) cors[name] = String(value);
          }
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            cors,
            setCookies: res.headers['set-cookie'] ?? [],
          });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
