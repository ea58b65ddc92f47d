// An app for the createApp tests, in the shape fwgen generates (hand-written: the fixtures use
// decorators, which this folder's tsconfig does not compile).
import { type Bindings, defineController, reply } from 'fw';
import type { Context } from 'fw/context';
import type { ParameterMeta, Validated } from 'fw/core';
import { type DomainEvent, publishEvents } from 'fw/publish';

/** The payload of `order.placed` and `invoice.due`. */
export interface OrderEvent extends DomainEvent {
  readonly orderId: number;
}

/** The validator fwgen would generate for {@link OrderEvent}. */
function validateOrderEvent(input: unknown): Validated<OrderEvent> {
  const o = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  if (typeof o['orderId'] !== 'number') {
    return { ok: false, issues: [{ path: 'orderId', message: 'expected a number' }] };
  }
  return {
    ok: true,
    value: { name: String(o['name']), occurredAt: new Date(0), orderId: o['orderId'] },
  };
}

/** POST /orders/:id publishes `order.placed`. */
export class Orders {
  place(id: number, ctx: Context) {
    const event: OrderEvent = { name: 'order.placed', occurredAt: new Date(), orderId: id };
    publishEvents(ctx, event);
    return reply({ orderId: id }, { status: 202 });
  }
}

/** Consumes `order.placed` (publishing `invoice.due` for it) and `invoice.due`. */
export class OrderEvents {
  readonly placed: number[] = [];
  readonly invoiced: number[] = [];

  onPlaced(event: OrderEvent, ctx: Context): void {
    this.placed.push(event.orderId);
    const due: OrderEvent = { name: 'invoice.due', occurredAt: new Date(), orderId: event.orderId };
    publishEvents(ctx, due);
  }

  onInvoiceDue(event: OrderEvent): void {
    this.invoiced.push(event.orderId);
  }
}

const eventParam: ParameterMeta = {
  index: 0,
  name: 'event',
  type: 'test/transport/rabbitmq/app-bindings#OrderEvent',
  optional: false,
  validate: validateOrderEvent,
};
const contextParam: ParameterMeta = {
  index: 1,
  name: 'ctx',
  type: 'fw/context#Context',
  optional: false,
};

/** The bindings of {@link Orders} and {@link OrderEvents}. */
export const bindings: Bindings = {
  version: 1,
  controllers: [
    defineController({
      type: Orders,
      name: 'Orders',
      interceptors: [],
      handlers: [
        {
          name: 'place',
          method: 'POST',
          path: '/orders/:id',
          interceptors: [],
          params: [
            { index: 0, name: 'id', type: 'number', pathKey: 'id', optional: false },
            contextParam,
          ],
          invoke: (c, a) => c.place(a[0] as number, a[1] as Context),
        },
      ],
    }),
    defineController({
      type: OrderEvents,
      name: 'OrderEvents',
      interceptors: [],
      handlers: [
        {
          name: 'onPlaced',
          method: 'EVENT',
          path: 'order.placed',
          interceptors: [],
          params: [eventParam, contextParam],
          invoke: (c, a) => c.onPlaced(a[0] as OrderEvent, a[1] as Context),
        },
        {
          name: 'onInvoiceDue',
          method: 'EVENT',
          path: 'invoice.due',
          interceptors: [],
          params: [eventParam],
          invoke: (c, a) => c.onInvoiceDue(a[0] as OrderEvent),
        },
      ],
    }),
  ],
};
