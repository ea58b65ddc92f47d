import { Controller, Get } from 'fw';

@Controller('/deep')
export class DeepController {
  @Get('/')
  get(): string {
    return 'deep';
  }
}
