/** Return values that carry a status and headers along with the body. */

/** A handler result with a status, headers and a body of type `T`; see {@link reply}. */
export class Reply<T = unknown> {
  readonly body: T;
  readonly status: number | undefined;
  readonly headers: Readonly<Record<string, string>> | undefined;

  constructor(body: T, status?: number, headers?: Readonly<Record<string, string>>) {
    this.body = body;
    this.status = status;
    this.headers = headers;
  }
}

/**
 * A response with a status and headers; the body is sent as a plain return value would be.
 * @example return reply({ id }, { status: 201, headers: { Location: `/users/${id}` } });
 */
export function reply<T>(
  body: T,
  options: { status?: number; headers?: Readonly<Record<string, string>> } = {},
): Reply<T> {
  return new Reply(body, options.status, options.headers);
}

/**
 * A redirect to `url` with no body.
 * @example return redirect('/login');
 */
export function redirect(url: string, status = 302): Reply<undefined> {
  return new Reply(undefined, status, { Location: url });
}
