import { Controller, Get, Post } from 'fw';

@Controller('/m')
export class MethodController {
  @Get('/twice')
  @Post('/twice')
  twice(): string {
    return 'twice';
  }

  @Get('/static')
  static stat(): string {
    return 'static';
  }

  @Get('/private')
  private hidden(): string {
    return 'private';
  }

  @Get('/protected')
  protected guarded(): string {
    return this.hidden();
  }

  @Get('/hash')
  #secret(): string {
    return this.guarded();
  }

  @Get('/field')
  field = (): string => this.#secret();

  @Get('/ok')
  ok(): string {
    return 'ok';
  }
}
