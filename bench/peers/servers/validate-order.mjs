// Job post's DTO checked by hand, as a raw node:http server would: the order when it is valid,
// with undeclared properties dropped, otherwise undefined.
const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNumber = (v) => typeof v === 'number' && Number.isFinite(v);

export function checkOrder(v) {
  if (!isObject(v) || !isObject(v.customer) || !Array.isArray(v.items)) return undefined;
  const c = v.customer;
  if (!isNumber(c.id) || typeof c.name !== 'string' || typeof c.email !== 'string')
    return undefined;
  if (typeof v.note !== 'string') return undefined;
  const items = [];
  for (const i of v.items) {
    if (!isObject(i) || typeof i.sku !== 'string' || !isNumber(i.qty) || !isNumber(i.price)) {
      return undefined;
    }
    items.push({ sku: i.sku, qty: i.qty, price: i.price });
  }
  return { customer: { id: c.id, name: c.name, email: c.email }, items, note: v.note };
}
