/**
 * The security headers plug-in of `createApp({ securityHeaders })` (docs/API.md "Security
 * headers"): the headers it gives the app are added by the exchange to every response the server
 * and `inject()` send, the probes' included (the docs page, the health probes), and a response
 * that set one of them itself keeps its own. Off, the app has no added headers and a response
 * pays one check of an undefined field.
 */
import type { Plugin } from '../plugin.js';
import { securityHeadersOf } from './security-headers-options.js';

/** The plug-in of the `securityHeaders` option, or undefined when the option is absent or false. @internal */
export function securityHeaders(option: unknown): Plugin | undefined {
  const headers = securityHeadersOf(option);
  if (headers === undefined) return undefined;
  return { name: 'securityHeaders', setup: (host) => host.setAddedHeaders(headers) };
}
