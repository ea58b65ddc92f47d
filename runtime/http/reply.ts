/** Return values that carry a status and headers along with the body. */

/**
 * A handler result with a status, headers and a body of type `T`; see {@link reply}. `S` is the
 * status as a literal type when the code writes one (`Reply<User, 201>`), which fwgen documents
 * as the operation's response status.
 */
export class Reply<T = unknown, S extends number = number> {
  readonly body: T;
  readonly status: S | undefined;
  readonly headers: Readonly<Record<string, string>> | undefined;

  constructor(body: T, status?: S, headers?: Readonly<Record<string, string>>) {
    this.body = body;
    this.status = status;
    this.headers = headers;
  }
}

/**
 * A response with a status and headers; the body is sent as a plain return value would be. A
 * literal status is kept in the type: `reply(user, { status: 201 })` is a `Reply<User, 201>`.
 * @example return reply({ id }, { status: 201, headers: { Location: `/users/${id}` } });
 */
export function reply<T, S extends number = 200>(
  body: T,
  options: { status?: S; headers?: Readonly<Record<string, string>> } = {},
): Reply<T, S> {
  return new Reply(body, options.status, options.headers);
}

/**
 * A redirect to `url` with no body; `status` is kept in the type as {@link reply} keeps it.
 * @example return redirect('/login');
 */
export function redirect<S extends number = 302>(url: string, status?: S): Reply<undefined, S> {
  return new Reply(undefined, (status ?? 302) as S, { Location: url });
}
