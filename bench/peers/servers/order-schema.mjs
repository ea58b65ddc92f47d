// Job post's DTO as a zod schema, for the peers whose users validate with zod (Hono, Express).
// zod objects drop properties they do not declare, as fw's validators and Ajv's removeAdditional do.
import { z } from 'zod';

export const NewOrder = z.object({
  customer: z.object({ id: z.number(), name: z.string(), email: z.string() }),
  items: z.array(z.object({ sku: z.string(), qty: z.number(), price: z.number() })),
  note: z.string(),
});

/** The answer to a valid order. */
export function orderSummary(userId, order) {
  let total = 0;
  for (const i of order.items) total += i.qty * i.price;
  return { userId, customer: order.customer.id, items: order.items.length, total };
}

/** `yes`, `true`, `1` (any case) as Spine's getBoolByKey reads them; false otherwise here. */
export function isYes(value) {
  const v = (value ?? '').toLowerCase();
  return v === 'yes' || v === 'true' || v === '1';
}

const INT = /^\d{1,15}$/;

/** A path integer, or undefined. */
export function pathInt(value) {
  return INT.test(value ?? '') ? Number(value) : undefined;
}
