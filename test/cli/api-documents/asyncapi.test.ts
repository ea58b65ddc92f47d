// The AsyncAPI 3.0 document, from apps the analyzer reads: a channel per event name with its
// consumers' receive and the code's send operations, a channel per gateway path with each
// handler's message and reply, schemas shared in components, no servers.
import { describe, expect, it } from 'vitest';
import { asyncApiDocument } from '../../../cli/api-documents/asyncapi.js';
import { asyncApiSchema } from '../../../cli/api-documents/asyncapi-schema.js';
import type { AppModel } from '../../../cli/ir.js';
import { analyzeApp } from '../analyze/support.js';
import { objectType } from '../support/models.js';

const INFO = { title: 'shop', version: '1.0.0', description: 'The shop' };

function documentOf(source: string): Record<string, Record<string, unknown>> {
  const { model, diagnostics } = analyzeApp({ 'app.ts': source }, false);
  expect(diagnostics).toEqual([]);
  return asyncApiDocument(model, INFO) as Record<string, Record<string, unknown>>;
}

const ref = (pointer: string) => ({ $ref: pointer });

describe('AsyncAPI: events', () => {
  it('has a channel per event name, a receive per @OnEvent handler and a send per published type', () => {
    const doc = documentOf(`import { Controller, EventConsumer, OnEvent, Post } from 'fw';
import type { Context } from 'fw/context';
import type { ConsumerRequestContext } from 'fw/core';
import { type DomainEvent, publishEvents } from 'fw/publish';

/** An order was placed. */
export interface OrderPlaced extends DomainEvent { readonly name: 'order.placed'; readonly id: number }
export interface OrderShipped extends DomainEvent { readonly name: 'order.shipped'; readonly id: number }

@Controller('/orders')
export class OrderController {
  @Post()
  place(ctx: Context): void {
    const placed: OrderPlaced = { name: 'order.placed', occurredAt: new Date(), id: 1 };
    publishEvents(ctx, placed);
  }
}

@EventConsumer()
export class Mailer {
  /**
   * Mails the buyer.
   *
   * Once per order.
   */
  @OnEvent('order.placed')
  placed(event: OrderPlaced): void { void event; }

  @OnEvent('order.shipped')
  shipped(event: OrderShipped): void { void event; }

  @OnEvent('audit')
  audit(msg: ConsumerRequestContext): void { void msg; }
}
`);
    expect(Object.keys(doc)).toEqual([
      'asyncapi',
      'info',
      'defaultContentType',
      'channels',
      'operations',
      'components',
    ]);
    expect(doc['asyncapi']).toBe('3.0.0');
    expect(doc['info']).toEqual(INFO);
    expect(doc['channels']).toEqual({
      audit: {
        address: 'audit',
        messages: {
          payload: {
            name: 'payload',
            payload: {
              description: 'Any payload: the consumers of this event read its raw bytes.',
            },
          },
        },
      },
      'order.placed': {
        address: 'order.placed',
        messages: {
          OrderPlaced: { name: 'OrderPlaced', payload: ref('#/components/schemas/OrderPlaced') },
        },
      },
      'order.shipped': {
        address: 'order.shipped',
        messages: {
          OrderShipped: { name: 'OrderShipped', payload: ref('#/components/schemas/OrderShipped') },
        },
      },
    });
    expect(doc['operations']).toEqual({
      'Mailer.audit': {
        action: 'receive',
        channel: ref('#/channels/audit'),
        tags: [{ name: 'Mailer' }],
        messages: [ref('#/channels/audit/messages/payload')],
      },
      'Mailer.placed': {
        action: 'receive',
        channel: ref('#/channels/order.placed'),
        summary: 'Mails the buyer.',
        description: 'Once per order.',
        tags: [{ name: 'Mailer' }],
        messages: [ref('#/channels/order.placed/messages/OrderPlaced')],
      },
      'Mailer.shipped': {
        action: 'receive',
        channel: ref('#/channels/order.shipped'),
        tags: [{ name: 'Mailer' }],
        messages: [ref('#/channels/order.shipped/messages/OrderShipped')],
      },
      'publish.order.placed': {
        action: 'send',
        channel: ref('#/channels/order.placed'),
        messages: [ref('#/channels/order.placed/messages/OrderPlaced')],
      },
    });
    const schemas = doc['components']?.['schemas'] as Record<string, Record<string, unknown>>;
    expect(Object.keys(schemas)).toEqual(['OrderPlaced', 'OrderShipped']);
    expect(schemas['OrderPlaced']?.['description']).toBe('An order was placed.');
    expect(doc).not.toHaveProperty('servers');
  });

  it('gives a raw consumer every message its channel has', () => {
    const doc = documentOf(`import { EventConsumer, OnEvent } from 'fw';
import type { ConsumerRequestContext } from 'fw/core';
import type { DomainEvent } from 'fw/publish';
export interface Placed extends DomainEvent { readonly name: 'placed' }
@EventConsumer()
export class Log {
  @OnEvent('placed') raw(msg: ConsumerRequestContext): void { void msg; }
  @OnEvent('placed') typed(event: Placed): void { void event; }
}
`);
    expect(doc['operations']?.['Log.raw']).toMatchObject({
      messages: [ref('#/channels/placed/messages/Placed')],
    });
  });
});

describe('AsyncAPI: names', () => {
  it('names send operations by type when one event name is published with several types, and keeps channel ids apart', () => {
    const at = { file: 'app/a.ts', line: 1, column: 1 };
    const model: AppModel = {
      src: 'app',
      types: [],
      controllers: [
        {
          kind: 'websocket',
          name: 'Feed',
          ref: { from: 'file', module: 'app/a.ts', name: 'Feed' },
          at,
          interceptors: [],
          handlers: [{ name: 'on', method: 'WS', path: '/feed', at, interceptors: [], params: [] }],
        },
      ],
      published: [
        { name: 'Feed', type: 'app/a#Big', at },
        { name: 'Feed', type: 'app/a#Small', at },
      ],
      documented: [objectType('app/a#Big', ['size']), objectType('app/a#Small', ['size'])],
    };
    const doc = asyncApiDocument(model, INFO) as Record<string, Record<string, unknown>>;
    expect(Object.keys(doc['channels'] ?? {})).toEqual(['Feed', 'Feed_2']);
    expect(doc['channels']?.['Feed_2']).toMatchObject({ address: '/feed' });
    expect(doc['operations']).toEqual({
      'Feed.on': {
        action: 'receive',
        channel: ref('#/channels/Feed_2'),
        tags: [{ name: 'Feed' }],
        messages: [ref('#/channels/Feed_2/messages/on')],
      },
      'publish.Feed.Big': {
        action: 'send',
        channel: ref('#/channels/Feed'),
        messages: [ref('#/channels/Feed/messages/Big')],
      },
      'publish.Feed.Small': {
        action: 'send',
        channel: ref('#/channels/Feed'),
        messages: [ref('#/channels/Feed/messages/Small')],
      },
    });
  });
});

describe('AsyncAPI: WebSocket gateways', () => {
  it('has a channel per gateway path with its parameters, messages and replies', () => {
    const doc = documentOf(`import { OnMessage, WebSocketGateway } from 'fw';
import type { WebSocketContext } from 'fw/core';
/** A chat line. */
export interface Line { text: string }
export interface Ack { ok: boolean }
@WebSocketGateway('/ws/rooms/:room')
export class ChatGateway {
  /** Posts a line. */
  @OnMessage() post(room: string, line: Line): Ack { return { ok: room !== line.text }; }
}
@WebSocketGateway('/ws/raw')
export class RawGateway {
  @OnMessage() take(ctx: WebSocketContext): void { void ctx; }
}
`);
    expect(doc['channels']).toEqual({
      ChatGateway: {
        address: '/ws/rooms/{room}',
        messages: {
          Ack: { name: 'Ack', payload: ref('#/components/schemas/Ack') },
          Line: { name: 'Line', payload: ref('#/components/schemas/Line') },
        },
        parameters: { room: {} },
      },
      RawGateway: {
        address: '/ws/raw',
        messages: {
          take: { name: 'take', contentType: 'text/plain', payload: { type: 'string' } },
        },
      },
    });
    expect(doc['operations']).toEqual({
      'ChatGateway.post': {
        action: 'receive',
        channel: ref('#/channels/ChatGateway'),
        summary: 'Posts a line.',
        tags: [{ name: 'ChatGateway' }],
        messages: [ref('#/channels/ChatGateway/messages/Line')],
        reply: {
          channel: ref('#/channels/ChatGateway'),
          messages: [ref('#/channels/ChatGateway/messages/Ack')],
        },
      },
      'RawGateway.take': {
        action: 'receive',
        channel: ref('#/channels/RawGateway'),
        tags: [{ name: 'RawGateway' }],
        messages: [ref('#/channels/RawGateway/messages/take')],
      },
    });
    const schemas = doc['components']?.['schemas'] as Record<string, unknown>;
    expect(Object.keys(schemas)).toEqual(['Ack', 'Line']);
  });

  it('writes an HTTP-only app as an empty document', () => {
    const doc = documentOf(`import { Controller, Get } from 'fw';
@Controller('/') export class Home { @Get() home(): string { return ''; } }
`);
    expect(doc).toEqual({
      asyncapi: '3.0.0',
      info: INFO,
      defaultContentType: 'application/json',
      channels: {},
      operations: {},
    });
  });
});

describe('AsyncAPI schemas: the draft-07 dialect of AsyncAPI 3.0', () => {
  it.each([
    [
      'a tuple as items and additionalItems',
      { type: 'array', prefixItems: [{ type: 'string' }], items: false, minItems: 1, maxItems: 1 },
      {
        type: 'array',
        items: [{ type: 'string' }],
        additionalItems: false,
        minItems: 1,
        maxItems: 1,
      },
    ],
    [
      'no discriminator object, inside properties too',
      {
        type: 'object',
        properties: {
          pet: {
            type: 'object',
            oneOf: [{ $ref: '#/components/schemas/Cat' }],
            discriminator: { propertyName: 'kind' },
          },
        },
      },
      {
        type: 'object',
        properties: { pet: { type: 'object', oneOf: [{ $ref: '#/components/schemas/Cat' }] } },
      },
    ],
    [
      'arrays, records and unions unchanged',
      { anyOf: [{ type: 'array', items: { type: 'string' } }, { additionalProperties: {} }] },
      { anyOf: [{ type: 'array', items: { type: 'string' } }, { additionalProperties: {} }] },
    ],
  ])('%s', (_name, given, want) => {
    expect(asyncApiSchema(given)).toEqual(want);
  });
});
