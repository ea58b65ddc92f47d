/** `fw/cors`: the CORS interceptor for browser pages on other origins. */

export { cors } from '../plugins/cors/cors.js';
export type { CorsOptions, CorsOrigins } from '../plugins/cors/cors-options.js';
