import { EventEmitter } from 'node:events';
import {
  Controller,
  Delete,
  EventConsumer,
  Get,
  Head,
  OnEvent,
  OnMessage,
  Options,
  Patch,
  Post,
  Put,
  UseInterceptors,
  WebSocketGateway,
} from 'fw';
import { QueryValuesResolver } from 'fw/query';
import { Emitter } from './barrel.js';
import { Audit, Timing as Clock } from './interceptors.js';

@Controller('/things')
@UseInterceptors(Audit, EventEmitter)
@UseInterceptors(Clock)
export class ThingController {
  @Get()
  all(): string {
    return 'all';
  }

  @Post('/')
  @UseInterceptors(Emitter, QueryValuesResolver)
  add(): void {}

  @Put('/:id')
  put(): void {}

  @Patch('/:id')
  patch(): void {}

  @Delete('/:id')
  remove(): void {}

  @Options('/')
  options(): void {}

  @Head('/:id')
  head(): void {}

  /** Not a handler. */
  helper(): number {
    return 1;
  }
}

@EventConsumer()
export class ThingEvents {
  @OnEvent('thing.added')
  added(): void {}

  @OnEvent('thing.added')
  alsoAdded(): void {}
}

@WebSocketGateway('/ws/things/:room')
export class ThingGateway {
  @OnMessage()
  message(): void {}
}

class Local {
  value = 1;
}

/** Exported by `export { … }` rather than by a modifier. */
@Controller('/late')
class LateExport {
  @Get('/')
  get(): number {
    return new Local().value;
  }
}

export { LateExport };
