/**
 * The example's bindings, written by hand in the exact shape fwgen will generate (issue 3 replaces
 * this file with generated output). Each handler: its route, its parameters as type ids, and an
 * invoker; each body type: a validator that names every failing property.
 */
import { type Bindings, defineController } from 'fw';
import type { Context } from 'fw/context';
import type { ControllerContext, Validated, ValidationIssue } from 'fw/core';
import type { Pagination, Values } from 'fw/query';
import { TimingInterceptor } from './interceptors.js';
import { OrderController, OrderEvents, type OrderPlaced, type PlaceOrder } from './orders.js';
import { type CreateUser, UserController } from './users.js';

type Checker = (value: unknown, path: string, issues: ValidationIssue[]) => unknown;
const str: Checker = (v, path, issues) =>
  typeof v === 'string' ? v : void issues.push({ path, message: 'expected a string' });
const int: Checker = (v, path, issues) =>
  Number.isSafeInteger(v) ? v : void issues.push({ path, message: 'expected an integer' });
const strings: Checker = (v, path, issues) =>
  Array.isArray(v)
    ? v.map((item, i) => str(item, `${path}[${i}]`, issues))
    : void issues.push({ path, message: 'expected an array' });

function object<T>(fields: Record<string, [Checker, boolean]>) {
  return (input: unknown): Validated<T> => {
    const issues: ValidationIssue[] = [];
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      return { ok: false, issues: [{ path: '', message: 'expected an object' }] };
    }
    const out: Record<string, unknown> = {};
    for (const [key, [check, optional]] of Object.entries(fields)) {
      const value = (input as Record<string, unknown>)[key];
      if (value === undefined) {
        if (!optional) issues.push({ path: key, message: 'is required' });
        continue;
      }
      out[key] = check(value, key, issues);
    }
    return issues.length > 0 ? { ok: false, issues } : { ok: true, value: out as T };
  };
}

const validateCreateUser = object<CreateUser>({
  name: [str, false],
  email: [str, false],
  tags: [strings, true],
});
const validatePlaceOrder = object<PlaceOrder>({
  userId: [int, false],
  sku: [str, false],
  qty: [int, false],
});
const validateOrderPlaced = object<OrderPlaced>({
  name: [str, false],
  orderId: [int, false],
  sku: [str, false],
  qty: [int, false],
});

export const bindings: Bindings = {
  version: 1,
  controllers: [
    defineController({
      type: OrderController,
      name: 'OrderController',
      source: 'examples/app/orders.ts:21',
      interceptors: [],
      handlers: [
        {
          name: 'place',
          method: 'POST',
          path: '/orders',
          source: 'examples/app/orders.ts:25',
          interceptors: [],
          params: [
            {
              index: 0,
              name: 'body',
              type: 'examples/app/orders#PlaceOrder',
              optional: false,
              validate: validatePlaceOrder,
            },
            { index: 1, name: 'ctx', type: 'fw/context#Context', optional: false },
          ],
          invoke: (c, a) => c.place(a[0] as PlaceOrder, a[1] as Context),
        },
      ],
    }),
    defineController({
      type: OrderEvents,
      name: 'OrderEvents',
      source: 'examples/app/orders.ts:34',
      interceptors: [],
      handlers: [
        {
          name: 'placed',
          method: 'EVENT',
          path: 'order.placed',
          source: 'examples/app/orders.ts:42',
          interceptors: [],
          params: [
            {
              index: 0,
              name: 'event',
              type: 'examples/app/orders#OrderPlaced',
              optional: false,
              validate: validateOrderPlaced,
            },
          ],
          invoke: (c, a) => c.placed(a[0] as OrderPlaced),
        },
      ],
    }),
    defineController({
      type: UserController,
      name: 'UserController',
      source: 'examples/app/users.ts:14',
      interceptors: [TimingInterceptor],
      handlers: [
        {
          name: 'list',
          method: 'GET',
          path: '/users',
          source: 'examples/app/users.ts:23',
          interceptors: [],
          params: [
            { index: 0, name: 'page', type: 'fw/query#Pagination', optional: false },
            { index: 1, name: 'q', type: 'fw/query#Values', optional: false },
          ],
          invoke: (c, a) => c.list(a[0] as Pagination, a[1] as Values),
        },
        {
          name: 'get',
          method: 'GET',
          path: '/users/:id',
          source: 'examples/app/users.ts:31',
          interceptors: [],
          params: [
            { index: 0, name: 'id', type: 'number', pathKey: 'id', optional: false },
            { index: 1, name: 'ctx', type: 'fw/core#ControllerContext', optional: false },
          ],
          invoke: (c, a) => c.get(a[0] as number, a[1] as ControllerContext),
        },
        {
          name: 'create',
          method: 'POST',
          path: '/users',
          source: 'examples/app/users.ts:38',
          interceptors: [],
          params: [
            {
              index: 0,
              name: 'body',
              type: 'examples/app/users#CreateUser',
              optional: false,
              validate: validateCreateUser,
            },
          ],
          invoke: (c, a) => c.create(a[0] as CreateUser),
        },
      ],
    }),
  ],
};
