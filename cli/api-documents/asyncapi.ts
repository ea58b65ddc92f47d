/**
 * The AsyncAPI 3.0 document of an app, a pure function of its model: a channel per event name with
 * a `receive` operation per `@OnEvent` handler and a `send` operation per event type the code
 * publishes, and a channel per WebSocket gateway path with a `receive` operation per `@OnMessage`
 * handler and its reply. No `servers`: the transport is chosen when the app starts.
 * Keys are written in a fixed order and maps sorted, so the JSON or YAML is byte for byte stable.
 *
 * @see https://www.asyncapi.com/docs/reference/specification/v3.0.0
 */
import type { AnswerModel, AppModel, ControllerModel, HandlerModel, Shape } from '../ir.js';
import { assertNever, compareText } from '../ir.js';
import { asyncApiSchema } from './asyncapi-schema.js';
import { type JsonSchema, schemaOf } from './schemas.js';
import { components, controllerLabels, type DocumentInfo, infoObject, REF_BASE } from './shared.js';

/** What a consumer of an event no type describes reads: any JSON value, as bytes. */
const ANY_EVENT: JsonSchema = {
  description: 'Any payload: the consumers of this event read its raw bytes.',
};

/** A raw WebSocket message, read as it comes. */
const RAW_MESSAGE: JsonSchema = { type: 'string' };

/** A `Uint8Array` reply: a binary frame. */
const BYTES: JsonSchema = { type: 'string', contentMediaType: 'application/octet-stream' };

/** A Message Object: its key in the channel, and the object. */
interface Message {
  readonly key: string;
  readonly payload: JsonSchema;
  readonly contentType?: string;
}

/** A Channel Object being built: its address, parameters and messages by key. */
interface Channel {
  readonly id: string;
  readonly address: string;
  readonly parameters: readonly string[];
  readonly messages: Map<string, Message>;
}

/**
 * The AsyncAPI 3.0.0 document of `model`'s event consumers, published events and WebSocket
 * gateways.
 * @example formatDocument(asyncApiDocument(model, { title: 'shop', version: '1.0.0' }), 'asyncapi.yaml')
 */
export function asyncApiDocument(model: AppModel, info: DocumentInfo): Record<string, unknown> {
  const handlers = model.controllers.filter((c) => c.kind !== 'http').flatMap((c) => c.handlers);
  const published = (model.published ?? []).map((e) => e.type);
  const { schemas, names } = components(model, handlers, published);
  const builder = new Builder(names, controllerLabels(model.controllers));
  builder.events(model);
  for (const c of model.controllers) if (c.kind === 'websocket') builder.gateway(c);
  return {
    asyncapi: '3.0.0',
    info: infoObject(info),
    defaultContentType: 'application/json',
    channels: builder.channels(),
    operations: builder.operations(),
    ...(Object.keys(schemas).length > 0 && {
      components: {
        schemas: Object.fromEntries(
          Object.entries(schemas).map(([name, schema]) => [name, asyncApiSchema(schema)]),
        ),
      },
    }),
  };
}

class Builder {
  readonly #names: ReadonlyMap<string, string>;
  readonly #labels: ReadonlyMap<ControllerModel, string>;
  readonly #channels = new Map<string, Channel>();
  readonly #operations = new Map<string, Record<string, unknown>>();

  constructor(names: ReadonlyMap<string, string>, labels: ReadonlyMap<ControllerModel, string>) {
    this.#names = names;
    this.#labels = labels;
  }

  /**
   * A channel per event name that is consumed or published. Its messages are the event types its
   * consumers take and the code publishes (by component name); a consumer that reads the raw
   * payload takes every one of them, or any payload when no type describes the event.
   */
  events(model: AppModel): void {
    const consumers = model.controllers.filter((c) => c.kind === 'events');
    const eventNames = new Set<string>(model.published?.map((e) => e.name));
    for (const c of consumers) for (const h of c.handlers) eventNames.add(h.path);
    for (const name of [...eventNames].sort(compareText)) {
      const channel = this.#channel(name, name, []);
      const types = new Set<string>(
        model.published?.filter((e) => e.name === name).map((e) => e.type),
      );
      for (const c of consumers) {
        for (const h of c.handlers) if (h.path === name) types.add(payloadType(h) ?? '');
      }
      types.delete('');
      for (const id of [...types].sort((a, b) => compareText(this.#name(a), this.#name(b)))) {
        this.#message(channel, { key: this.#name(id), payload: this.#ref(id) });
      }
      if (types.size === 0) this.#message(channel, { key: 'payload', payload: ANY_EVENT });
      for (const c of consumers) {
        for (const h of c.handlers) {
          if (h.path !== name) continue;
          const type = payloadType(h);
          const keys = type === undefined ? [...channel.messages.keys()] : [this.#name(type)];
          this.#operation(`${this.#label(c)}.${h.name}`, {
            action: 'receive',
            channel,
            messages: keys,
            handler: h,
            tag: this.#label(c),
          });
        }
      }
      const published = [...types].filter((id) =>
        model.published?.some((e) => e.name === name && e.type === id),
      );
      for (const id of published) {
        const key =
          published.length === 1 ? `publish.${name}` : `publish.${name}.${this.#name(id)}`;
        this.#operation(key, { action: 'send', channel, messages: [this.#name(id)] });
      }
    }
  }

  /**
   * A channel per gateway path: each handler's message (its typed parameter, or the raw text)
   * and the reply its return type describes.
   */
  gateway(gateway: ControllerModel): void {
    const label = this.#label(gateway);
    for (const h of gateway.handlers) {
      const keys = h.path.split('/').filter((s) => s.startsWith(':'));
      const address = h.path.replace(/:([^/]+)/g, '{$1}');
      const channel = this.#channel(
        label,
        address,
        keys.map((k) => k.slice(1)),
      );
      const type = payloadType(h);
      const message: Message =
        type === undefined
          ? { key: h.name, payload: RAW_MESSAGE, contentType: 'text/plain' }
          : { key: this.#name(type), payload: this.#ref(type) };
      this.#message(channel, message);
      const replies = (h.answers ?? []).flatMap((a) => this.#reply(h, a));
      for (const r of replies) this.#message(channel, r);
      this.#operation(`${label}.${h.name}`, {
        action: 'receive',
        channel,
        messages: [message.key],
        handler: h,
        tag: label,
        ...(replies.length > 0 && { replies: replies.map((r) => r.key) }),
      });
    }
  }

  /** Every channel, sorted by id. */
  channels(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const id of [...this.#channels.keys()].sort(compareText)) {
      const c = this.#channels.get(id) as Channel;
      out[id] = {
        address: c.address,
        messages: Object.fromEntries(
          [...c.messages.values()]
            .sort((a, b) => compareText(a.key, b.key))
            .map((m) => [
              m.key,
              {
                name: m.key,
                ...(m.contentType !== undefined && { contentType: m.contentType }),
                payload: m.payload,
              },
            ]),
        ),
        ...(c.parameters.length > 0 && {
          parameters: Object.fromEntries(c.parameters.map((p) => [p, {}])),
        }),
      };
    }
    return out;
  }

  /** Every operation, sorted by id. */
  operations(): Record<string, unknown> {
    const ids = [...this.#operations.keys()].sort(compareText);
    return Object.fromEntries(ids.map((id) => [id, this.#operations.get(id)]));
  }

  #reply(h: HandlerModel, answer: AnswerModel): Message[] {
    const { body } = answer;
    const key = `${h.name}.reply`;
    switch (body.kind) {
      case 'json': {
        const ref = refId(body.shape);
        return ref === undefined
          ? [{ key, payload: this.#schema(body.shape) }]
          : [{ key: this.#name(ref), payload: this.#ref(ref) }];
      }
      case 'text':
        return [{ key, payload: RAW_MESSAGE, contentType: 'text/plain' }];
      case 'bytes':
      case 'stream':
        return [{ key, payload: BYTES, contentType: 'application/octet-stream' }];
      case 'events':
        return [{ key, payload: RAW_MESSAGE, contentType: 'text/event-stream' }];
      case 'none':
        return [];
      default:
        return assertNever(body);
    }
  }

  #channel(id: string, address: string, parameters: readonly string[]): Channel {
    let unique = id;
    for (let n = 2; this.#channels.has(unique); n++) unique = `${id}_${n}`;
    const channel: Channel = { id: unique, address, parameters, messages: new Map() };
    this.#channels.set(unique, channel);
    return channel;
  }

  #message(channel: Channel, message: Message): void {
    if (!channel.messages.has(message.key)) channel.messages.set(message.key, message);
  }

  #operation(id: string, op: OperationInit): void {
    const channelRef = `#/channels/${pointer(op.channel.id)}`;
    const messageRef = (key: string) => ({ $ref: `${channelRef}/messages/${pointer(key)}` });
    const doc = op.handler?.doc;
    this.#operations.set(id, {
      action: op.action,
      channel: { $ref: channelRef },
      ...(doc?.summary !== undefined && doc.summary !== '' && { summary: doc.summary }),
      ...(doc?.description !== undefined &&
        doc.description !== '' && { description: doc.description }),
      ...(op.tag !== undefined && { tags: [{ name: op.tag }] }),
      messages: op.messages.map(messageRef),
      ...(op.replies !== undefined && {
        reply: { channel: { $ref: channelRef }, messages: op.replies.map(messageRef) },
      }),
    });
  }

  #label(c: ControllerModel): string {
    return this.#labels.get(c) as string;
  }

  #name(id: string): string {
    const name = this.#names.get(id);
    if (name === undefined) throw new Error(`fwgen: type ${id} has no component name`);
    return name;
  }

  #ref(id: string): JsonSchema {
    return this.#schema({ kind: 'ref', id });
  }

  #schema(shape: Shape): JsonSchema {
    return asyncApiSchema(schemaOf(shape, this.#names, REF_BASE));
  }
}

/** What {@link Builder} needs to write one operation. */
interface OperationInit {
  readonly action: 'send' | 'receive';
  readonly channel: Channel;
  /** Keys of the channel's messages. */
  readonly messages: readonly string[];
  readonly replies?: readonly string[];
  readonly handler?: HandlerModel;
  readonly tag?: string;
}

/** The type id of the handler's typed event or message parameter, if it has one. */
function payloadType(h: HandlerModel): string | undefined {
  return h.params.find((p) => p.validate !== undefined)?.validate;
}

function refId(shape: Shape): string | undefined {
  return shape.kind === 'ref' ? shape.id : undefined;
}

/** A JSON Pointer reference token (RFC 6901 section 4). */
const pointer = (token: string): string => token.replaceAll('~', '~0').replaceAll('/', '~1');
