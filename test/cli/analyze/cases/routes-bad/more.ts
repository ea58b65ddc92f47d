import { Controller, Get } from 'fw';

@Controller('/r')
export class MoreController {
  @Get('/:key')
  same(key: string): string {
    return key;
  }

  @Get('/:key/')
  again(key: string): string {
    return key;
  }
}
