// @ts-nocheck: a parameter without a type annotation is part of this case

import type { ParsedPath } from 'node:path';
import { Controller, EventConsumer, Get, OnEvent, OnMessage, Post, WebSocketGateway } from 'fw';
import type { DomainEvent } from 'fw/publish';
import type { Hidden, Listed, Note } from './types.js';

@Controller('/bad')
export class BadController {
  @Get('/:id')
  types(
    lookup: Map<string, string>,
    // biome-ignore lint/suspicious/noExplicitAny: an any parameter is the point of this case
    anything: any,
    unknownValue: unknown,
    callback: () => void,
    when: Date,
    pick: 'a' | 'b',
  ): string {
    return `${lookup} ${anything} ${unknownValue} ${callback} ${when} ${pick}`;
  }

  @Get('/:id/key')
  key(id: number, count: number): string {
    return `${id} ${count}`;
  }

  @Post('/')
  bodies(first: Note, second: Note, ...rest: string[]): string {
    return first.text + second.text + rest.join();
  }

  @Post('/anonymous')
  anonymous(
    inline: { text: string },
    list: Note[],
    listed: Listed<Note>,
    partial: Partial<Note>,
  ): string {
    return `${inline} ${list} ${listed} ${partial}`;
  }

  @Post('/untyped')
  untyped(value): string {
    return value;
  }

  @Post('/hidden')
  hidden(body: Hidden): string {
    return body.text;
  }

  @Post('/package')
  fromPackage(event: DomainEvent): string {
    return event.name;
  }

  @Post('/node')
  fromNode(path: ParsedPath): string {
    return path.base;
  }
}

@EventConsumer()
export class BadEvents {
  @OnEvent('note.added')
  added(id: number): number {
    return id;
  }
}

@WebSocketGateway('/ws/:room')
export class BadGateway {
  @OnMessage()
  message(user: string, socket: WebSocket): string {
    return user + socket;
  }
}
