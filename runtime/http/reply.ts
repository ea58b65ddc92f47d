/** Return values that carry a status, headers and cookies along with the body. */
import { type Cookie, serializeCookie } from './set-cookie.js';

/**
 * A handler result with a status, headers and a body of type `T`; see {@link reply}. `S` is the
 * status as a literal type when the code writes one (`Reply<User, 201>`), which fwgen documents
 * as the operation's response status.
 */
export class Reply<T = unknown, S extends number = number> {
  readonly body: T;
  readonly status: S | undefined;
  readonly headers: Readonly<Record<string, string>> | undefined;
  /** The cookies to set, each checked when the reply was made (`FW_ERR_BAD_COOKIE`). */
  readonly cookies: readonly Readonly<Cookie>[] | undefined;
  /** @internal Their `Set-Cookie` values, in order. */
  readonly setCookies: readonly string[] | undefined;

  constructor(
    body: T,
    status?: S,
    headers?: Readonly<Record<string, string>>,
    cookies?: readonly Cookie[],
  ) {
    this.body = body;
    this.status = status;
    this.headers = headers;
    if (cookies === undefined) {
      this.cookies = undefined;
      this.setCookies = undefined;
    } else {
      const copies = cookies.map((c) => Object.freeze({ ...c }));
      this.setCookies = copies.map(({ name, value, ...options }) =>
        serializeCookie(name, value, options),
      );
      this.cookies = Object.freeze(copies);
    }
  }
}

/**
 * A response with a status, headers and cookies; the body is sent as a plain return value would be.
 * A literal status is kept in the type: `reply(user, { status: 201 })` is a `Reply<User, 201>`.
 * A bad cookie throws `FW_ERR_BAD_COOKIE` here (see `setCookie`).
 * @example return reply({ id }, { status: 201, headers: { Location: `/users/${id}` } });
 * @example return reply({ ok: true }, { cookies: [{ name: 'sid', value: id, secure: true }] });
 */
export function reply<T, S extends number = 200>(
  body: T,
  options: {
    status?: S;
    headers?: Readonly<Record<string, string>>;
    cookies?: readonly Cookie[];
  } = {},
): Reply<T, S> {
  return new Reply(body, options.status, options.headers, options.cookies);
}

/**
 * A redirect to `url` with no body; `status` is kept in the type as {@link reply} keeps it.
 * @example return redirect('/login');
 */
export function redirect<S extends number = 302>(url: string, status?: S): Reply<undefined, S> {
  return new Reply(undefined, (status ?? 302) as S, { Location: url });
}
