import { Controller, EventConsumer, Get, OnEvent, OnMessage, Post, WebSocketGateway } from 'fw';

let dynamic = '/dynamic';
dynamic += '/path';
const prefix: string = '/p';

@Controller('/r')
export class RouteController {
  @Get(dynamic)
  fromVariable(): string {
    return dynamic;
  }

  @Get(`/t/${dynamic}`)
  fromTemplate(): string {
    return 'template';
  }

  @Get('/files/*')
  wildcard(): string {
    return 'files';
  }

  @Get('/:id/x/:id')
  twiceKey(id: string): string {
    return id;
  }

  @Get('/a//b')
  emptySegment(): string {
    return 'empty';
  }

  @Get('/:id')
  one(id: string): string {
    return id;
  }

  @Post('/:id')
  postOne(id: string): string {
    return id;
  }
}

@Controller(prefix)
export class PrefixController {
  @Get('/')
  get(): string {
    return 'prefix';
  }
}

@EventConsumer()
export class Events {
  @OnEvent('')
  empty(): void {}
}

@WebSocketGateway('/ws/:room')
export class FirstGateway {
  @OnMessage()
  first(): void {}

  @OnMessage()
  second(): void {}
}

@WebSocketGateway('/ws/:other')
export class SecondGateway {
  @OnMessage()
  message(): void {}
}

@WebSocketGateway('/ws/*')
export class BadGateway {}
