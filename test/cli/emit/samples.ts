/**
 * The models behind the committed samples in `samples/`: each is rendered and compared byte for
 * byte, and `tsc` checks the committed files with the rest of `test/`.
 */
import type { AppModel, QueryField, QueryModel } from '../../../cli/ir.js';
import {
  app,
  array,
  controller,
  fileRef,
  handler,
  literal,
  named,
  object,
  param,
  record,
  ref,
  s,
  tuple,
  union,
} from './builder.js';

const SUPPORT = 'test/cli/emit/support';
const MAIN = `${SUPPORT}/controllers.ts`;
const ADMIN = `${SUPPORT}/admin/controllers.ts`;
const INTERCEPTORS = `${SUPPORT}/interceptors.ts`;
const CREATE_USER = `${SUPPORT}/controllers#CreateUser`;

/** Controllers, handlers, parameters, interceptors and clashing class names. */
export const bindingsSample: AppModel = app(
  [
    controller(
      'UserController',
      MAIN,
      [
        handler(
          'list',
          'GET',
          '/users',
          [param(0, 'q', 'fw/query#Values'), param(1, 'page', 'fw/query#Pagination')],
          { line: 12 },
        ),
        handler(
          'get',
          'GET',
          '/users/:id',
          [
            param(0, 'id', 'number', { pathKey: 'id' }),
            param(1, 'ctx', 'fw/core#ControllerContext'),
          ],
          { line: 16 },
        ),
        handler(
          'create',
          'POST',
          '/users',
          [
            {
              ...param(0, 'body', CREATE_USER, { validate: CREATE_USER }),
              cast: [fileRef(MAIN, 'CreateUser')],
            },
          ],
          {
            line: 20,
            interceptors: [fileRef(INTERCEPTORS, 'AuditInterceptor')],
          },
        ),
        handler('remove-all', 'DELETE', '/users', [], { line: 24 }),
        handler(
          'search',
          'GET',
          '/users/search/:term/:page/:size/:exact',
          [
            param(0, 'term', 'string', { pathKey: 'term' }),
            param(1, 'page', 'number', { pathKey: 'page' }),
            param(2, 'size', 'number', { pathKey: 'size' }),
            param(3, 'exact', 'boolean', { pathKey: 'exact' }),
            param(4, 'q', 'fw/query#Values'),
            param(5, 'ctx', 'fw/core#ControllerContext'),
            param(6, 'p', 'fw/query#Pagination'),
          ],
          { line: 26 },
        ),
      ],
      { line: 11, interceptors: [fileRef(INTERCEPTORS, 'TimingInterceptor')] },
    ),
    controller(
      'UserController',
      ADMIN,
      [
        handler(
          'ban',
          'POST',
          '/admin/users/:id/ban',
          [param(0, 'id', 'number', { pathKey: 'id' })],
          {
            line: 6,
          },
        ),
      ],
      { line: 5, interceptors: [fileRef(ADMIN, 'Key')] },
    ),
    controller('Bindings', ADMIN, [handler('reload', 'WS', '/ws/bindings', [], { line: 13 })], {
      kind: 'websocket',
      line: 12,
    }),
  ],
  [named(CREATE_USER, object({ name: s.string }), 6)],
  SUPPORT,
);

const DTO = `${SUPPORT}/dto`;
const address = ref(`${DTO}#Address`);

/** One handler per type, each checking its body against it. */
function probe(ids: readonly string[]) {
  const handlers = ids.map((id, i) =>
    handler('take', 'POST', `/probe/${i}`, [param(0, 'body', id, { validate: id })], { line: 41 }),
  );
  return [controller('Probe', MAIN, handlers, { line: 40 })];
}

/** Objects, optional properties, arrays, tuples, records, dates, `unknown`, inherited names. */
export const objectsSample: AppModel = app(
  probe([`${DTO}#Order`, `${DTO}#Tags`]),
  [
    named(`${DTO}#Address`, object({ street: s.string, city: s.string, 'zip?': s.string })),
    named(
      `${DTO}#Order`,
      object({
        name: s.string,
        price: s.number,
        inStock: s.boolean,
        tags: array(s.string),
        matrix: array(array(s.number)),
        pair: tuple(s.string, s.number),
        address,
        'ships?': array(address),
        labels: record(s.string),
        placedAt: s.date,
        extra: s.unknown,
        line: object({ sku: s.string, 'qty?': s.number }),
        'constructor?': s.string,
        'content-type': s.string,
        deliveryInstructions: object({ note: s.string }),
      }),
    ),
    named(`${DTO}#Tags`, array(s.string)),
  ],
  SUPPORT,
);

/** Literal unions, enums, `null`, unions of objects, recursion. */
export const unionsSample: AppModel = app(
  probe([`${DTO}#Product`, `${DTO}#Category`]),
  [
    named(`${DTO}#Address`, object({ city: s.string })),
    named(`${DTO}#Category`, object({ name: s.string, children: array(ref(`${DTO}#Category`)) })),
    named(`${DTO}#Colour`, union(literal('red'), literal('green'))),
    named(
      `${DTO}#Product`,
      object({
        colour: ref(`${DTO}#Colour`),
        size: union(literal('S'), literal('M'), literal('L')),
        rating: union(literal(1), literal(2), literal(3)),
        discontinued: literal(false),
        note: union(s.string, s.null),
        id: union(s.string, s.number),
        either: union(address, ref(`${DTO}#Category`)),
        shipping: union(address, s.null),
        until: union(s.date, s.null),
        payment: union(
          object({ kind: literal('card'), number: s.string }),
          object({ kind: literal('bank'), iban: s.string }),
        ),
      }),
    ),
  ],
  SUPPORT,
);

const GRAPH = `${SUPPORT}/graph.ts`;
const graphId = (name: string) => `${SUPPORT}/graph#${name}`;

/** An object graph with an async provider, an optional gap and lines too long for one line. */
export const graphSample: AppModel = {
  ...app([]),
  instances: [
    {
      id: graphId('ApplicationConfiguration'),
      name: 'ApplicationConfiguration',
      create: { kind: 'provider', ref: fileRef(GRAPH, 'applicationConfiguration'), async: false },
      at: { file: GRAPH, line: 12, column: 14 },
      root: false,
      args: [],
    },
    {
      id: graphId('DatabaseConnectionPool'),
      name: 'DatabaseConnectionPool',
      create: {
        kind: 'provider',
        ref: fileRef(GRAPH, 'databaseConnectionPoolProvider'),
        async: true,
      },
      at: { file: GRAPH, line: 16, column: 14 },
      root: false,
      args: [graphId('ApplicationConfiguration')],
    },
    ...['CustomerRepository', 'InvoiceRepository'].map((name, i) => ({
      id: graphId(name),
      name,
      create: { kind: 'class' as const, ref: fileRef(GRAPH, name) },
      at: { file: GRAPH, line: 20 + 4 * i, column: 1 },
      root: false,
      args: [graphId('DatabaseConnectionPool')],
    })),
    {
      id: graphId('SubscriptionBillingService'),
      name: 'SubscriptionBillingService',
      create: { kind: 'class', ref: fileRef(GRAPH, 'SubscriptionBillingService') },
      at: { file: GRAPH, line: 28, column: 1 },
      root: false,
      args: [graphId('CustomerRepository'), graphId('InvoiceRepository')],
    },
    {
      id: graphId('NotificationDispatchService'),
      name: 'NotificationDispatchService',
      create: { kind: 'class', ref: fileRef(GRAPH, 'NotificationDispatchService') },
      at: { file: GRAPH, line: 35, column: 1 },
      root: true,
      args: [
        graphId('CustomerRepository'),
        graphId('InvoiceRepository'),
        graphId('SubscriptionBillingService'),
        null,
        graphId('ApplicationConfiguration'),
      ],
    },
  ],
};

/** A required scalar field of a `Query<T>` of the query sample. */
const field = (name: string, kind: QueryField['kind'], more: Partial<QueryField> = {}) => ({
  name,
  kind,
  optional: false,
  array: false,
  ...more,
});

/** A `Probe.take` handler at `/<path>` taking `Query<T>` for `model`. */
function reading(path: string, line: number, model: QueryModel) {
  return handler(
    'take',
    'GET',
    `/${path}`,
    [{ ...param(0, 'q', 'fw/query#Query'), query: model }],
    {
      line,
    },
  );
}

const FILTER: QueryModel = {
  id: `${SUPPORT}/controllers#Filter`,
  name: 'Filter',
  fields: [
    field('size', 'number'),
    field('after', 'bigint', { optional: true }),
    field('open', 'boolean', { optional: true }),
    field('sort', 'string', { optional: true, values: ['ascending', 'descending'] }),
    field('tag', 'string', { optional: true, array: true }),
    field('ids', 'bigint', { array: true }),
    field('aVeryLongQueryParameterNameIndeed', 'number', {
      optional: true,
      values: [100, 200, 300, 400, 500, 600, 700, 800],
    }),
    field('colour-of-the-item-being-searched-for', 'string', {
      optional: true,
      array: true,
      values: ['red', 'green', 'blue', 'yellow', 'purple', 'orange', "it's"],
    }),
  ],
};

/**
 * Query readers: every kind, literals, arrays, optional keys, long lines, two types of one name,
 * a type without properties, and a reader shared by two handlers.
 */
export const querySample: AppModel = app(
  [
    controller(
      'Probe',
      MAIN,
      [
        reading('list', 12, FILTER),
        reading('again', 16, FILTER),
        reading('admin', 20, { ...FILTER, id: `${SUPPORT}/admin/controllers#Filter`, fields: [] }),
        reading('paged', 24, {
          id: `lib#Partial<${SUPPORT}/controllers#Filter>`,
          name: 'Partial<Filter>',
          fields: [field('size', 'number', { optional: true })],
        }),
      ],
      { line: 10 },
    ),
  ],
  [],
  SUPPORT,
);
