/** Context keys that fw reserves for itself, all under the `fw.` prefix. */

/** The {@link ResponseWriter} of an HTTP request. */
export const RESPONSE_WRITER_KEY = 'fw.response_writer';
/** The path parameters, set by the router; `params()` answers the same. */
export const PARAMS_KEY = 'fw.params';
/** The path parameter keys in route order, set by the router; `pathKeys()` answers the same. */
export const PATH_KEYS_KEY = 'fw.pathKeys';

/**
 * @internal A method of fw's own contexts: whether their event bus exists. The dispatch hook skips
 * a context whose bus was never created, instead of creating one to find it empty.
 */
export const HAS_EVENT_BUS: unique symbol = Symbol('fw.hasEventBus');

/**
 * @internal A method of fw's own contexts: one path parameter, an own property of the params, or
 * undefined. The path resolver reads through it, so that the params are frozen only when
 * `params()` hands them out, not on every request.
 */
export const PATH_PARAM: unique symbol = Symbol('fw.pathParam');
