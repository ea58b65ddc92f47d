import { Controller, Post } from 'fw';
import type { BadValues, Misfits } from './dto.js';

@Controller('/constraints')
export class ConstraintController {
  @Post('/misfits')
  misfits(body: Misfits): string {
    return body.name;
  }

  @Post('/values')
  values(body: BadValues): string {
    return body.a;
  }
}
