import { Controller, Get } from 'fw';

@Controller('/app')
export class AppController {
  @Get('/')
  get(): string {
    return 'app';
  }
}
