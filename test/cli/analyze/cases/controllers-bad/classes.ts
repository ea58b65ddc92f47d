import { Controller, EventConsumer, Get, OnMessage, Post, UseInterceptors } from 'fw';
import { notAClass, Other } from './helpers.js';

const interceptors = { Audit: class {} };
const Factory = (() => ({})) as unknown as new () => object;

@Controller('/hidden')
class HiddenController {
  @Get('/')
  get(): string {
    return 'hidden';
  }
}

/** Keeps HiddenController used. */
export const hidden = new HiddenController();

@Controller('/abstract')
export abstract class AbstractController {
  @Get('/')
  get(): string {
    return 'abstract';
  }
}

@Controller('/generic')
export class GenericController<T> {
  @Get('/')
  get(): T[] {
    return [];
  }
}

@Controller('/both')
@EventConsumer()
export class BothController {}

@Controller('/interceptors')
@UseInterceptors(interceptors.Audit, Other, Factory)
export class InterceptedController {
  @Get('/')
  @UseInterceptors(notAClass as never)
  get(): string {
    return 'x';
  }
}

export class NotAController {
  @Get('/orphan')
  orphan(): string {
    return 'orphan';
  }
}

@EventConsumer()
export class Consumer {
  @Post('/wrong')
  wrong(): void {}

  @OnMessage()
  message(): void {}
}

@Controller('/on-class')
@Get('/')
export class RouteOnClass {}
