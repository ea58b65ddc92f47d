/** The uploaded files of a `multipart/form-data` request, keyed by form field name. */
import { FwError } from '../core/errors.js';
import { isHttpRequestContext } from '../core/pipeline/guards.js';
import type { ArgumentResolver, ExecutionContext, ParameterMeta } from '../core/pipeline/types.js';

/** Fills an `UploadedFiles` parameter. */
export class UploadedFilesResolver implements ArgumentResolver {
  supports(pm: ParameterMeta): boolean {
    return pm.type === 'fw/core#UploadedFiles';
  }

  async resolve(ctx: ExecutionContext): Promise<unknown> {
    if (!isHttpRequestContext(ctx)) throw new FwError('FW_ERR_NOT_HTTP_CONTEXT');
    return (await ctx.multipartForm()).file;
  }
}
