/** Context keys that fw reserves for itself (Spine's `spine.*` keys, with fw's prefix). */

/** The {@link ResponseWriter} of an HTTP request. */
export const RESPONSE_WRITER_KEY = 'fw.response_writer';
/** The path parameters, set by the router; `params()` answers the same. */
export const PARAMS_KEY = 'fw.params';
/** The path parameter keys in route order, set by the router; `pathKeys()` answers the same. */
export const PATH_KEYS_KEY = 'fw.pathKeys';
