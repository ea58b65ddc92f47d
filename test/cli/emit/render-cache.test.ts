// Rendering again with some of the same controller objects (watch mode keeps the models of the
// files an edit cannot reach) writes what rendering fresh copies writes, names changed or not.
import { describe, expect, it } from 'vitest';
import { render } from '../../../cli/emit/render.js';
import type { AppModel } from '../../../cli/ir.js';
import { app, controller, handler, named, object, param, s } from './builder.js';

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
