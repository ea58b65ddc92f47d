/**
 * The broker client libraries are optional peer dependencies of fw, imported only when a transport
 * connects: an app on the in-memory transport never needs them, and one whose library is missing
 * is told which package to install rather than given Node's `ERR_MODULE_NOT_FOUND`.
 */
import { FwError } from '../../core/errors.js';

/**
 * Runs `load` (a dynamic `import()` of `pkg`); when `pkg` itself cannot be found, rejects with
 * `FW_ERR_PACKAGE_MISSING` naming `feature` and `pkg`. Any other failure (a package of its own
 * missing, a broken install) rejects as it is. @internal
 */
export async function importOptional<T>(
  feature: string,
  pkg: string,
  load: () => Promise<T>,
): Promise<T> {
  try {
    return await load();
  } catch (err) {
    if (!notFound(err, pkg)) throw err;
    const reason = 'is not installed';
    throw new FwError('FW_ERR_PACKAGE_MISSING', { feature, package: pkg, reason }, { cause: err });
  }
}

/** Whether `err` is Node's failure to find `pkg` itself (`Cannot find package '<pkg>' …`). */
function notFound(err: unknown, pkg: string): boolean {
  const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
  return (
    (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') &&
    typeof message === 'string' &&
    (message.includes(`'${pkg}'`) || message.includes(`'${pkg}/`))
  );
}
