import { Controller, EventConsumer, Get, OnEvent, OnMessage, Post, WebSocketGateway } from 'fw';
import type { Context } from 'fw/context';
import type {
  ConsumerRequestContext,
  ControllerContext,
  EventBus,
  HttpRequestContext,
  MultipartParts,
  UploadedFiles,
  WebSocketContext,
  WebSocketMessageContext,
} from 'fw/core';
import type { Pagination, Values } from 'fw/query';
import type { Note, NoteId } from './types.js';

@Controller('/notes')
export class NoteController {
  @Get('/:id/:slug/:big/:flag')
  keys(id: number, slug: string, big: bigint, flag: boolean): string {
    return `${id} ${slug} ${big} ${flag}`;
  }

  @Get('/:id/optional')
  optional(id?: number, q?: Values): string {
    return `${id} ${q?.get('x')}`;
  }

  @Get('/:id/default')
  defaulted(id: number = 1): number {
    return id;
  }

  @Get('/:id/undefined')
  orUndefined(id: number | undefined): number {
    return id ?? 0;
  }

  @Get('/:id/alias')
  alias(id: NoteId): string {
    return id;
  }

  @Post('/')
  create({ text }: Note, ctx: ControllerContext, req: HttpRequestContext, p: Pagination): string {
    return text + String(ctx.has('x')) + req.param('x') + p.page;
  }

  @Post('/upload')
  upload(body: Note | undefined, files: UploadedFiles, bus: EventBus, context: Context): string {
    return `${body?.text} ${Object.keys(files)} ${bus.drain().length} ${context.err()}`;
  }

  @Post('/stream')
  stream(parts: MultipartParts): string {
    return String(parts);
  }
}

@EventConsumer()
export class NoteEvents {
  @OnEvent('note.added')
  added(note: Note, msg: ConsumerRequestContext, ctx: Context): string {
    return note.text + msg.eventName() + String(ctx.err());
  }
}

@WebSocketGateway('/ws/notes/:room')
export class NoteGateway {
  @OnMessage()
  message(room: string, note: Note, ctx: WebSocketMessageContext): string {
    return room + note.text + ctx.connId();
  }
}

@WebSocketGateway('/ws/raw')
export class RawGateway {
  @OnMessage()
  message(ctx: WebSocketContext): Uint8Array {
    return ctx.payload();
  }
}
