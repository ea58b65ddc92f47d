import { Controller, EventConsumer, Get, OnEvent, type Reply, redirect, reply } from 'fw';

export interface Item {
  id: number;
  name: string;
  tags?: string[];
  owner: Owner;
}

export interface Owner {
  login: string;
}

interface Hidden {
  secret: string;
}

@Controller('/answers')
export class AnswersController {
  @Get('/declared')
  declared(): Item {
    return { id: 1, name: 'a', owner: { login: 'x' } };
  }

  @Get('/inferred')
  inferred() {
    return { count: 2, ok: true };
  }

  @Get('/awaited')
  async awaited(): Promise<Item[]> {
    return [];
  }

  @Get('/replied')
  replied() {
    return reply({ total: 3 }, { status: 201 });
  }

  @Get('/typed-reply')
  typedReply(): Reply<Item> {
    return reply({ id: 1, name: 'a', owner: { login: 'x' } });
  }

  @Get('/hidden')
  hidden(): Hidden {
    return { secret: 's' };
  }

  @Get('/text')
  text(): string {
    return 'text';
  }

  @Get('/nothing')
  nothing(): void {}

  @Get('/maybe')
  maybe(): Item | undefined {
    return undefined;
  }

  @Get('/either')
  either(): Item | string {
    return 'no';
  }

  @Get('/away')
  away() {
    return redirect('/');
  }

  @Get('/bytes')
  bytes(): Uint8Array {
    return new Uint8Array();
  }

  @Get('/loose')
  loose(): unknown {
    return {};
  }
}

@EventConsumer()
export class Events {
  @OnEvent('item.seen')
  seen(): Item {
    return { id: 1, name: 'a', owner: { login: 'x' } };
  }
}
