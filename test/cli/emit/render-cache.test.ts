// Rendering again with some of the same controller objects (watch mode keeps the models of the
// files an edit cannot reach) writes what rendering fresh copies writes, names changed or not;
// the types an edit did not change keep their names and text.
import { describe, expect, it } from 'vitest';
import { render } from '../../../cli/emit/render.js';
import type { AppModel, ControllerModel, HandlerModel, NamedType } from '../../../cli/ir.js';
import { parseSections } from '../../../cli/sections.js';
import {
  app,
  array,
  controller,
  handler,
  literal,
  named,
  object,
  param,
  ref,
  s,
  union,
} from './builder.js';

const users = controller('UserController', 'src/users.ts', [
  handler('get', 'GET', '/users/:id', [param(0, 'id', 'number', { pathKey: 'id' })]),
]);
const orders = controller('OrderController', 'src/orders.ts', [
  handler('place', 'POST', '/orders', [
    param(0, 'body', 'src/orders#PlaceOrder', { validate: 'src/orders#PlaceOrder' }),
  ]),
]);
const placeOrder = named('src/orders#PlaceOrder', object({ sku: s.string }));

/** What rendering the model in fresh objects, which nothing has kept, writes. */
const fresh = (model: AppModel) => render(structuredClone(model), 'src/bindings.ts');

describe('render: controllers kept from the last render', () => {
  it('writes the same as fresh objects when another controller is added', () => {
    render(app([users, orders], [placeOrder]), 'src/bindings.ts');
    const more = app(
      [
        users,
        orders,
        controller('AuditController', 'src/audit.ts', [handler('list', 'GET', '/a')]),
      ],
      [placeOrder],
    );
    expect(render(more, 'src/bindings.ts')).toBe(fresh(more));
  });

  it('writes the new names of a kept controller when an added one takes its names', () => {
    render(app([users, orders], [placeOrder]), 'src/bindings.ts');
    const other = controller('UserController', 'src/admin/users.ts', [
      handler('place', 'POST', '/admin/orders', [
        param(0, 'body', 'src/admin/orders#PlaceOrder', {
          validate: 'src/admin/orders#PlaceOrder',
        }),
      ]),
    ]);
    const adminOrder = named('src/admin/orders#PlaceOrder', object({ id: s.string }));
    const clash = app([other, users, orders], [adminOrder, placeOrder]);
    const text = render(clash, 'src/bindings.ts');
    expect(text).toBe(fresh(clash));
    expect(text).toContain('validatePlaceOrder_2');
  });

  it('writes the new name of a type a kept controller casts to when a class takes it', () => {
    const cast = controller('CastController', 'src/cast.ts', [
      handler('put', 'PUT', '/cast', [
        {
          index: 0,
          name: 'body',
          type: 'src/orders#Order',
          optional: false,
          cast: [{ from: 'file', module: 'src/orders.ts', name: 'Order' }],
        },
      ]),
    ]);
    const before = render(app([cast]), 'src/bindings.ts');
    expect(before).toContain('a[0] as Order)');
    const order = controller('Order', 'src/admin/order.ts', [handler('list', 'GET', '/o')]);
    const clash = app([order, cast]);
    const text = render(clash, 'src/bindings.ts');
    expect(text).toBe(fresh(clash));
    expect(text).toContain('a[0] as Order_2)');
  });
});

describe('render: types kept from the last render', () => {
  const address = named('src/dto#Address', object({ city: s.string, 'zip?': s.string }));
  const place = named(
    'src/orders#PlaceOrder',
    object({
      to: ref('src/dto#Address'),
      lines: array(object({ sku: s.string, count: s.number })),
      via: union(literal('post'), object({ courier: s.string })),
    }),
  );
  // Written by one function, named after the first type that needs it.
  const steps = array(union(object({ at: s.date }), object({ by: s.string })));
  const order = named('src/orders#Order', object({ id: s.number, steps }));
  const receipt = named('src/orders#Receipt', object({ steps }));
  const placing = (more: HandlerModel[] = []) =>
    controller('OrderController', 'src/orders.ts', [
      handler('place', 'POST', '/orders', [
        param(0, 'body', 'src/orders#PlaceOrder', { validate: 'src/orders#PlaceOrder' }),
      ]),
      { ...handler('get', 'GET', '/orders/:id'), response: ref('src/orders#Order') },
      { ...handler('all', 'GET', '/orders'), response: array(ref('src/orders#Order')) },
      ...more,
    ]);
  const model = (
    controllers: ControllerModel[],
    types: NamedType[],
    responses: NamedType[],
  ): AppModel => ({ ...app(controllers, types), responses });
  /** The text fwgen writes for each type id. */
  const sectionsOf = (text: string) => parseSections(text)?.validators ?? new Map();

  it('keeps the names and text of the types an edit did not change', () => {
    const before = render(
      model([placing()], [address, place], [order, receipt]),
      'src/bindings.ts',
    );
    // The edit adds a handler with a body type of its own; the controller is a new object.
    const refund = named(
      'src/orders#Refund',
      object({ reason: s.string, to: ref('src/dto#Address') }),
    );
    const edited = model(
      [
        placing([
          handler('refund', 'POST', '/orders/:id/refund', [
            param(0, 'body', 'src/orders#Refund', { validate: 'src/orders#Refund' }),
          ]),
        ]),
      ],
      [address, place, refund],
      [order, receipt],
    );
    const after = render(edited, 'src/bindings.ts');
    expect(after).toBe(fresh(edited));
    const [was, is] = [sectionsOf(before), sectionsOf(after)];
    for (const id of ['src/dto#Address', 'src/orders#PlaceOrder', 'src/orders#Order']) {
      expect(is.get(id)).toBeDefined();
      expect(is.get(id)).toBe(was.get(id));
    }
    expect(is.get('src/orders#Refund')).toContain('function checkRefund(');
  });

  it('gives a kept type the name a fresh render gives when an added type takes it', () => {
    render(model([placing()], [address, place], [order]), 'src/bindings.ts');
    // Sorted first, it takes `checkPlaceOrder`.
    const admin = named('src/admin/orders#PlaceOrder', object({ id: s.string }));
    const clash = model([placing()], [admin, address, place], [order]);
    const text = render(clash, 'src/bindings.ts');
    expect(text).toBe(fresh(clash));
    expect(text).toContain('function checkPlaceOrder_2(');
  });

  it('gives the nested checkers of a kept type the names a fresh render gives', () => {
    render(model([placing()], [address, place], [order]), 'src/bindings.ts');
    // Its own checker takes the name of one of the kept type's nested checkers.
    const item = named('src/a#PlaceOrder_lines_item', object({ id: s.string }));
    const clash = model([placing()], [item, address, place], [order]);
    const text = render(clash, 'src/bindings.ts');
    expect(text).toBe(fresh(clash));
    expect(text).toContain('function checkPlaceOrder_lines_item_2(');
  });

  it('writes a union shared by kept types when the type that named it is gone', () => {
    const placeOnly = controller('OrderController', 'src/orders.ts', [
      handler('place', 'POST', '/orders', [
        param(0, 'body', 'src/orders#PlaceOrder', { validate: 'src/orders#PlaceOrder' }),
      ]),
    ]);
    const both = render(model([placeOnly], [address, place], [order, receipt]), 'src/bindings.ts');
    expect(both).toContain("writeArray(v['steps'], writeOrder_steps_item)");
    expect(both).not.toContain('function writeReceipt_steps_item(');
    const without = model([placeOnly], [address, place], [receipt]);
    const text = render(without, 'src/bindings.ts');
    expect(text).toBe(fresh(without));
    expect(text).toContain('function writeReceipt_steps_item(');
  });
});
