/**
 * `fw/context`: Go's `context` for TypeScript, with an `AbortSignal` in place of `Done()`.
 * @see https://pkg.go.dev/context
 */
export type { Context } from '../core/context/context.js';
export {
  background,
  Canceled,
  DeadlineExceeded,
  withCancel,
  withDeadline,
  withTimeout,
  withValue,
} from '../core/context/context.js';
export { REQUEST_ID_HEADER, requestIdOf } from '../core/context/request-id.js';
