/** Return values that carry a status and headers along with the body. */

/** A handler result with an explicit status and headers; see {@link reply}. */
export class Reply {
  readonly body: unknown;
  readonly status: number | undefined;
  readonly headers: Readonly<Record<string, string>> | undefined;

  constructor(body: unknown, status?: number, headers?: Readonly<Record<string, string>>) {
    this.body = body;
    this.status = status;
    this.headers = headers;
  }
}

/**
 * A response with a status and headers; the body is sent as a plain return value would be.
 * @example return reply({ id }, { status: 201, headers: { Location: `/users/${id}` } });
 */
export function reply(
  body: unknown,
  options: { status?: number; headers?: Readonly<Record<string, string>> } = {},
): Reply {
  return new Reply(body, options.status, options.headers);
}

/**
 * A redirect to `url` with no body.
 * @example return redirect('/login');
 */
export function redirect(url: string, status = 302): Reply {
  return new Reply(undefined, status, { Location: url });
}
