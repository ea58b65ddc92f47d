import { Controller, Post } from 'fw';
import type { Bad, Shared, UsesShared, WithMethods } from './dto.js';

@Controller('/types')
export class TypeController {
  @Post('/bad')
  bad(body: Bad): string {
    return body.ok;
  }

  @Post('/methods')
  methods(body: WithMethods): string {
    return body.name;
  }

  @Post('/shared')
  shared(body: UsesShared): number {
    return Number(body.one.bad);
  }

  @Post('/shared/one')
  sharedOne(body: Shared): number {
    return Number(body.bad);
  }
}
