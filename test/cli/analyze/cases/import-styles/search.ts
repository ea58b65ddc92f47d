import * as fw from 'fw';
import { UseInterceptors as Around, Get as Fetch } from 'fw';
import type * as core from 'fw/core';
import type * as query from 'fw/query';
import type { Values as QueryValues } from 'fw/query';
import { Audit } from './audit.js';
import type { Files, Query } from './shared.js';

type LocalValues = QueryValues;

@fw.Controller('/search')
@Around(Audit)
export class SearchController {
  @Fetch('/')
  search(a: QueryValues, b: query.Values, c: Query, d: LocalValues, e?: QueryValues): string {
    return [a, b, c, d, e].map((v) => v?.get('term')).join();
  }

  @fw.Post('/:id')
  rerun(id: number, files: Files, ctx: core.ControllerContext): number {
    return id + Object.keys(files).length + (ctx.has('x') ? 1 : 0);
  }
}
