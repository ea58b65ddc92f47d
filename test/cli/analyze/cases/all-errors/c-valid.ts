import { Controller, Get } from 'fw';
import type { Values } from 'fw/query';

@Controller('/valid')
export class ValidController {
  @Get('/')
  list(q: Values): string {
    return q.get('x');
  }
}
