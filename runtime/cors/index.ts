/** `fw/cors`: the CORS interceptor for browser pages on other origins. */

export { cors } from './cors.js';
export type { CorsOptions, CorsOrigins } from './cors-options.js';
