/** `fw/cross-origin`: refusal of cross-origin writes for cookie-authenticated apps. */

export { crossOriginProtection } from '../plugins/cross-origin/cross-origin.js';
export type {
  CrossOriginOptions,
  CsrfTokenOptions,
} from '../plugins/cross-origin/cross-origin-options.js';
