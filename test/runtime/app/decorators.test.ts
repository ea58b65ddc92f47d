import {
  Controller,
  Delete,
  EventConsumer,
  Get,
  Head,
  type InertDecorator,
  OnEvent,
  OnMessage,
  Options,
  Patch,
  Post,
  Put,
  UseInterceptors,
  WebSocketGateway,
} from 'fw';
import { describe, expect, it } from 'vitest';

type Case<G, W> = [name: string, { given: G; want: W }];

class Guard {}

const decorators: Case<() => InertDecorator, null>[] = [
  ["Controller('/users')", { given: () => Controller('/users'), want: null }],
  ['Controller()', { given: () => Controller(), want: null }],
  ["Get('/:id')", { given: () => Get('/:id'), want: null }],
  ['Get()', { given: () => Get(), want: null }],
  ["Post('/')", { given: () => Post('/'), want: null }],
  ["Put('/:id')", { given: () => Put('/:id'), want: null }],
  ["Patch('/:id')", { given: () => Patch('/:id'), want: null }],
  ["Delete('/:id')", { given: () => Delete('/:id'), want: null }],
  ["Options('/')", { given: () => Options('/'), want: null }],
  ["Head('/')", { given: () => Head('/'), want: null }],
  ['UseInterceptors(Guard, Guard)', { given: () => UseInterceptors(Guard, Guard), want: null }],
  ['UseInterceptors()', { given: () => UseInterceptors(), want: null }],
  ['EventConsumer()', { given: () => EventConsumer(), want: null }],
  [
    "EventConsumer({ group: 'billing' })",
    { given: () => EventConsumer({ group: 'billing' }), want: null },
  ],
  [
    'EventConsumer({ broadcast: true })',
    { given: () => EventConsumer({ broadcast: true }), want: null },
  ],
  ["OnEvent('order.placed')", { given: () => OnEvent('order.placed'), want: null }],
  ["WebSocketGateway('/ws/chat')", { given: () => WebSocketGateway('/ws/chat'), want: null }],
  ['OnMessage()', { given: () => OnMessage(), want: null }],
];

/** A fresh controller class, so one decorator's effect cannot leak into another case. */
function newTarget() {
  return class Target {
    static created = 0;
    readonly id = 1;
    handle(x: number): number {
      return x + this.id;
    }
  };
}

/** Everything observable about a class: its own and its prototype's property descriptors. */
function shape(target: abstract new (...args: never[]) => unknown) {
  return {
    statics: Object.getOwnPropertyDescriptors(target),
    proto: Object.getOwnPropertyDescriptors(target.prototype),
    protoOf: Object.getPrototypeOf(target.prototype),
  };
}

/** A TC39 decorator context whose addInitializer records that it was called. */
function tc39Context(kind: 'class' | 'method', name: string, initializers: unknown[]) {
  return {
    kind,
    name,
    static: false,
    private: false,
    metadata: {},
    addInitializer: (fn: unknown) => void initializers.push(fn),
    ...(kind === 'method'
      ? { access: { has: () => true, get: (o: { handle: unknown }) => o.handle } }
      : {}),
  };
}

describe('decorators leave classes and methods as they were', () => {
  // Each is a class and method decorator under experimentalDecorators and TC39 that returns nothing.
  it.each(decorators)('%s with legacy (experimentalDecorators) arguments', (_name, { given }) => {
    const Target = newTarget();
    const before = shape(Target);
    const handle = Target.prototype.handle;
    const descriptor = Object.getOwnPropertyDescriptor(
      Target.prototype,
      'handle',
    ) as PropertyDescriptor;
    const descriptorBefore = { ...descriptor };
    expect(given()(Target)).toBeUndefined();
    expect(given()(Target.prototype, 'handle', descriptor)).toBeUndefined();
    expect(descriptor).toEqual(descriptorBefore);
    expect(shape(Target)).toEqual(before);
    expect(Target.prototype.handle).toBe(handle);
    expect(new Target().handle(1)).toBe(2);
  });

  it.each(decorators)('%s with TC39 arguments', (_name, { given }) => {
    const Target = newTarget();
    const before = shape(Target);
    const handle = Target.prototype.handle;
    const initializers: unknown[] = [];
    expect(given()(Target, tc39Context('class', 'Target', initializers))).toBeUndefined();
    expect(given()(handle, tc39Context('method', 'handle', initializers))).toBeUndefined();
    expect(initializers).toEqual([]);
    expect(shape(Target)).toEqual(before);
    expect(Target.prototype.handle).toBe(handle);
    expect(new Target().handle(2)).toBe(3);
  });

  it('the factories return a decorator even with unusual arguments', () => {
    const odd = [Get(''), OnEvent(''), WebSocketGateway(''), Controller(undefined)];
    for (const decorate of odd) expect(typeof decorate).toBe('function');
  });
});
