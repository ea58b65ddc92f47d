// Bindings that fwgen wrote before a decorator changed: `createApp` compares them with what the
// decorators recorded and refuses to start. The controllers are compiled by TypeScript's own
// emitter in both decorator modes and run, as tsx, esbuild or Vitest would run them; the bindings
// are written as fwgen writes them, before the edit (stale) and after (fwgen run again).
// test/cli/stale-runtime.test.ts does the same with the real fwgen and tsx.
import * as fw from 'fw';
import { type Bindings, createApp, defineController, FwError, type HandlerBinding } from 'fw';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SOURCE = `import { Controller, EventConsumer, Get, OnEvent, OnMessage, Post, Put, WebSocketGateway } from 'fw';

@Controller('/orders')
export class OrderController {
  @Get('/:id')
  get(id) {
    return { id };
  }

  @Post()
  place() {
    return { placed: true };
  }
}

@EventConsumer({ broadcast: true })
export class OrderFeed {
  @OnEvent('order.placed')
  placed() {}
}

@WebSocketGateway('/ws/orders')
export class OrderSocket {
  @OnMessage()
  message() {}
}
`;

type Mode = 'TC39' | 'experimentalDecorators';
const MODES: Mode[] = ['TC39', 'experimentalDecorators'];
type Classes = Record<'OrderController' | 'OrderFeed' | 'OrderSocket', new () => object>;

/** Compiles `source` as a tool that does not type-check would, and runs it against fw. */
function run(source: string, mode: Mode): Classes {
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.CommonJS,
      experimentalDecorators: mode === 'experimentalDecorators',
    },
  });
  const exports = {} as Classes;
  const load = (id: string) => {
    if (id !== 'fw') throw new Error(`unexpected import ${id}`);
    return fw;
  };
  new Function('require', 'exports', outputText)(load, exports);
  return exports;
}

/** What fwgen writes for SOURCE; `edit` turns it into what it writes after an edit. */
interface Written {
  get: { path: string; key: string };
  place: string;
  items?: true;
  event: string;
  gateway: string;
  broadcast: boolean;
}
const WRITTEN: Written = {
  get: { path: '/orders/:id', key: 'id' },
  place: 'POST',
  event: 'order.placed',
  gateway: '/ws/orders',
  broadcast: true,
};

type Handler = HandlerBinding<Record<string, (...args: unknown[]) => unknown>>;
const handler = (h: Omit<Handler, 'params' | 'invoke'> & Partial<Handler>): Handler => ({
  params: [],
  invoke: (c, a) => c[h.name]!(...a),
  ...h,
});

function bindingsOf(classes: Classes, w: Written): Bindings {
  const key = w.get.key;
  const routes = [
    handler({
      name: 'get',
      method: 'GET',
      path: w.get.path,
      source: 'app/orders.ts:5',
      params: [{ name: key, type: 'number', pathKey: key }],
    }),
    handler({ name: 'place', method: w.place, path: '/orders', source: 'app/orders.ts:10' }),
  ];
  if (w.items) {
    const params = [{ name: 'id', type: 'number', pathKey: 'id' }];
    routes.push(
      handler({
        name: 'items',
        method: 'GET',
        path: '/orders/:id/items',
        params,
        source: 'app/orders.ts:10',
      }),
    );
  }
  return {
    version: 3,
    controllers: [
      defineController({
        type: classes.OrderController,
        name: 'OrderController',
        source: 'app/orders.ts:3',
        handlers: routes,
      }),
      defineController({
        type: classes.OrderFeed,
        name: 'OrderFeed',
        source: 'app/orders.ts:16',
        ...(w.broadcast ? { delivery: { broadcast: true } } : {}),
        handlers: [
          handler({ name: 'placed', method: 'EVENT', path: w.event, source: 'app/orders.ts:18' }),
        ],
      }),
      defineController({
        type: classes.OrderSocket,
        name: 'OrderSocket',
        source: 'app/orders.ts:22',
        handlers: [
          handler({ name: 'message', method: 'WS', path: w.gateway, source: 'app/orders.ts:24' }),
        ],
      }),
    ],
  };
}

const STALE =
  'The bindings are stale: the decorators say otherwise. Run fwgen again as you generated them ' +
  '(e.g. npx fwgen --src src --out src/bindings.ts) — ';

type Case = [
  name: string,
  {
    edit: [from: string, to: string];
    fresh: Partial<Written>;
    differences: string;
    /** What the app answers once fwgen ran again: a request, or an event it consumes. */
    served: { method: string; url: string } | { event: string };
  },
];
const cases: Case[] = [
  [
    'a route renamed, its path and its key',
    {
      edit: ["@Get('/:id')", "@Get('/by-id/:orderId')"],
      fresh: { get: { path: '/orders/by-id/:orderId', key: 'orderId' } },
      differences:
        'OrderController.get: bindings GET /orders/:id, decorator GET /orders/by-id/:orderId, which has no :id (app/orders.ts:5)',
      served: { method: 'GET', url: '/orders/by-id/7' },
    },
  ],
  [
    'a route key renamed',
    {
      edit: ["@Get('/:id')", "@Get('/:orderId')"],
      fresh: { get: { path: '/orders/:orderId', key: 'orderId' } },
      differences:
        'OrderController.get: bindings GET /orders/:id, decorator GET /orders/:orderId, which has no :id (app/orders.ts:5)',
      served: { method: 'GET', url: '/orders/7' },
    },
  ],
  [
    'an HTTP method changed',
    {
      edit: ['@Post()', '@Put()'],
      fresh: { place: 'PUT' },
      differences:
        'OrderController.place: bindings POST /orders, decorator PUT /orders (app/orders.ts:10)',
      served: { method: 'PUT', url: '/orders' },
    },
  ],
  [
    'an event renamed',
    {
      edit: ["@OnEvent('order.placed')", "@OnEvent('order.created')"],
      fresh: { event: 'order.created' },
      differences:
        'OrderFeed.placed: bindings event order.placed, decorator event order.created (app/orders.ts:18)',
      served: { event: 'order.created' },
    },
  ],
  [
    'a gateway path changed',
    {
      edit: ["@WebSocketGateway('/ws/orders')", "@WebSocketGateway('/ws/feed')"],
      fresh: { gateway: '/ws/feed' },
      differences:
        'OrderSocket.message: bindings WebSocket /ws/orders, decorator WebSocket /ws/feed (app/orders.ts:24)',
      served: { method: 'GET', url: '/orders/7' },
    },
  ],
  [
    'a handler added',
    {
      edit: [
        '  @Post()',
        "  @Get('/:id/items')\n  items(id) {\n    return [id];\n  }\n\n  @Post()",
      ],
      fresh: { items: true },
      differences:
        'OrderController.items: decorator GET /orders/:id/items, the bindings have no such handler (app/orders.ts:3)',
      served: { method: 'GET', url: '/orders/7/items' },
    },
  ],
  [
    "a consumer's broadcast option removed",
    {
      edit: ['@EventConsumer({ broadcast: true })', '@EventConsumer()'],
      fresh: { broadcast: false },
      differences:
        "OrderFeed: bindings delivery { broadcast: true }, decorator delivery to the app's group (app/orders.ts:16)",
      served: { event: 'order.placed' },
    },
  ],
];

/** The error `createApp` threw, or undefined when it started. */
function startError(bindings: Bindings): unknown {
  try {
    createApp({ bindings });
    return undefined;
  } catch (err) {
    return err;
  }
}

describe('createApp with bindings older than the decorators', () => {
  it.each(MODES)('starts with the bindings fwgen wrote for the source (%s)', async (mode) => {
    const app = createApp({ bindings: bindingsOf(run(SOURCE, mode), WRITTEN) });
    expect((await app.inject({ method: 'GET', url: '/orders/7' })).json()).toEqual({ id: 7 });
    await app.close();
  });

  for (const mode of MODES) {
    it.each(cases)(`refuses %s until fwgen runs again (${mode})`, async (_name, c) => {
      expect(SOURCE).toContain(c.edit[0]);
      const classes = run(SOURCE.replace(c.edit[0], c.edit[1]), mode);
      const err = startError(bindingsOf(classes, WRITTEN));
      expect(err).toBeInstanceOf(FwError);
      expect((err as FwError).code).toBe('FW_ERR_STALE_BINDINGS');
      expect((err as FwError).message).toBe(STALE + c.differences);

      const app = createApp({ bindings: bindingsOf(classes, { ...WRITTEN, ...c.fresh }) });
      if ('event' in c.served) await app.emit(c.served.event, {});
      else expect((await app.inject(c.served)).status).toBe(200);
      await app.close();
    });
  }

  it.each(MODES)('names every difference, in order (%s)', (mode) => {
    const edited = SOURCE.replace('@Post()', '')
      .replace("@Controller('/orders')", "@Controller('/shop')")
      .replace('@EventConsumer({ broadcast: true })', "@EventConsumer({ group: 'billing' })")
      .replace('@OnEvent', '@Get');
    const err = startError(bindingsOf(run(edited, mode), WRITTEN)) as FwError;
    expect(err.message).toBe(
      STALE +
        [
          'OrderController.get: bindings GET /orders/:id, decorator GET /shop/:id (app/orders.ts:5)',
          'OrderController.place: bindings POST /orders, the method has no route decorator (app/orders.ts:10)',
          "OrderFeed: bindings delivery { broadcast: true }, decorator delivery { group: 'billing' } (app/orders.ts:16)",
          'OrderFeed.placed: bindings event order.placed, decorator GET order.placed (app/orders.ts:18)',
        ].join('; '),
    );
  });

  it.each(MODES)('names a handler the class no longer has (%s)', (mode) => {
    const edited = SOURCE.replace('place()', 'submit()');
    const err = startError(bindingsOf(run(edited, mode), WRITTEN)) as FwError;
    expect(err.message).toBe(
      STALE +
        [
          'OrderController.place: bindings POST /orders, the class has no such method (app/orders.ts:10)',
          'OrderController.submit: decorator POST /orders, the bindings have no such handler (app/orders.ts:3)',
        ].join('; '),
    );
  });

  it.each(MODES)('names a class now marked as another kind of controller (%s)', (mode) => {
    const edited = SOURCE.replace("@WebSocketGateway('/ws/orders')", "@Controller('/ws')");
    const err = startError(bindingsOf(run(edited, mode), WRITTEN)) as FwError;
    expect(err.message).toBe(
      `${STALE}OrderSocket: bindings a WebSocket gateway, decorator @Controller (app/orders.ts:22)`,
    );
  });

  // Nothing recorded is nothing to compare: hand-written bindings of plain classes, or classes
  // whose decorators a compiler dropped, start as they always did.
  it('starts with bindings of classes no decorator of fw marked', async () => {
    const plain = run(SOURCE.replace(/^\s*@\w+\(.*\)$/gm, ''), 'TC39');
    const stale = { ...WRITTEN, place: 'PUT', event: 'order.created', broadcast: false };
    const app = createApp({ bindings: bindingsOf(plain, stale) });
    expect((await app.inject({ method: 'PUT', url: '/orders' })).json()).toEqual({ placed: true });
    await app.close();
  });

  // A decorator of another library that replaces the method keeps fw's record, made before it.
  it.each(MODES)('compares a handler that another decorator wrapped (%s)', async (mode) => {
    const wrapping =
      mode === 'TC39'
        ? 'const Logged = () => (method) => function (...args) { return method.apply(this, args); };\n'
        : 'const Logged = () => (_t, _k, d) => ({ ...d, value: function (...args) { return d.value.apply(this, args); } });\n';
    const edited = wrapping + SOURCE.replace("  @Get('/:id')", "  @Logged()\n  @Get('/:id')");
    const classes = run(edited, mode);
    const app = createApp({ bindings: bindingsOf(classes, WRITTEN) });
    expect((await app.inject({ method: 'GET', url: '/orders/3' })).json()).toEqual({ id: 3 });
    await app.close();
    const moved = run(edited.replace("@Get('/:id')", "@Get('/:key')"), mode);
    expect((startError(bindingsOf(moved, WRITTEN)) as FwError).code).toBe('FW_ERR_STALE_BINDINGS');
  });
});
