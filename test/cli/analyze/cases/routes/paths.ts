import { Controller, EventConsumer, Get, OnEvent, OnMessage, Post, WebSocketGateway } from 'fw';

const ITEM = '/items/:id';
const EVENT = 'item.added' as const;

@Controller()
export class RootController {
  @Get()
  home(): string {
    return 'home';
  }

  @Get(ITEM)
  item(id: string): string {
    return id;
  }

  @Post(`/template`)
  template(): void {}
}

@Controller('api/')
export class ApiController {
  @Get(':id')
  get(id: number): number {
    return id;
  }

  @Get('/:id/detail/')
  detail(id: number): number {
    return id;
  }

  @Get('//')
  index(): string {
    return 'index';
  }
}

@EventConsumer()
export class Items {
  @OnEvent(EVENT)
  added(): void {}
}

@EventConsumer()
export class Audit {
  @OnEvent('item.added')
  added(): void {}
}

@WebSocketGateway('ws/items/')
export class ItemGateway {
  @OnMessage()
  message(): void {}
}
