/**
 * The shapes of the `trustProxy` option and of the client-address resolver it compiles to
 * (`node/client-address.ts`), which the HTTP and WebSocket limits carry to the contexts.
 */

/**
 * Which peers are trusted proxies: `false` none (the default), `true` every one (the leftmost
 * forwarded address is the client), a number of hops (that many proxies in front of the server),
 * or addresses and CIDR ranges (`'10.0.0.0/8'`, `'127.0.0.1'`, `'::1'`).
 */
export type TrustProxy = boolean | number | readonly string[];

/**
 * The client's address from the socket's peer and the request's `X-Forwarded-For` field lines;
 * built once from {@link TrustProxy} by `clientAddressOf`.
 */
export type ClientAddressOf = (peer: string, forwardedFor: readonly string[] | undefined) => string;
