/** Stands for the generated module: it is never read as a controller source. */
import { Controller, Get } from 'fw';

@Controller('/app')
export class GeneratedLookalike {
  @Get('/')
  get(): string {
    return 'would duplicate AppController';
  }
}
