/** The reason phrase of an HTTP status, for a response's `description` when JSDoc gives none. */
import { STATUS_TITLES } from '../../runtime/core/status-titles.js';

/**
 * The reason phrase of `status` (`runtime/core/status-titles.ts`), or `Status <n>` for one the
 * table does not name.
 * @example reasonPhrase(413) // 'Content Too Large'
 */
export function reasonPhrase(status: number): string {
  return STATUS_TITLES[status] ?? `Status ${status}`;
}
