// The compile-time proofs of the bindings: the types fwgen read, printed as TypeScript, and one
// line per validated parameter, written answer and named type reached from them.
import { describe, expect, it } from 'vitest';
import { render } from '../../../cli/emit/render.js';
import type { AppModel, HandlerModel, Shape } from '../../../cli/ir.js';
import {
  app,
  array,
  controller,
  handler,
  literal,
  named,
  object,
  param,
  record,
  ref,
  s,
  union,
} from './builder.js';

/** The proofs section of the rendered module: from its comment to the end. */
function proofs(model: AppModel): string[] {
  const text = render(model, 'src/bindings.ts');
  const start = text.indexOf('// The types fwgen read.');
  if (start === -1) return [];
  return text.slice(start).trim().split('\n').slice(2);
}

const body = (id: string, optional = false) =>
  param(0, 'body', id, { validate: id, ...(optional ? { optional } : {}) });
const answering = (h: HandlerModel, response: Shape): HandlerModel => ({ ...h, response });

describe('the freshness proofs', () => {
  it('print each shape as its TypeScript type, named types once, recursion by name', () => {
    const tuple: Shape = {
      kind: 'tuple',
      elements: [s.string, s.number],
      required: 1,
      rest: union(s.boolean, s.null),
    };
    const tree = named(
      'src/t#Tree',
      object({
        value: union(literal('a'), literal(2), literal(true)),
        'kids?': array(ref('src/t#Tree')),
        'content-type': s.date,
        pair: tuple,
        tags: record(array(union(s.string, s.number))),
        any: s.unknown,
        empty: object({}),
      }),
    );
    const c = controller('T', 'src/t.ts', [handler('put', 'POST', '/', [body('src/t#Tree')])]);
    expect(proofs(app([c], [tree]))).toEqual([
      "type SeenTree = { value: 'a' | 2 | true; kids?: SeenTree[]; 'content-type': Date; pair: [string, number?, ...(boolean | null)[]]; tags: { [key: string]: (string | number)[] }; any: unknown; empty: {} };",
      "declare const freshT_put: Fresh<Compared<'T.put(body)', Parameters<T['put']>[0], SeenTree>>;",
    ]);
  });

  it('compare answers through AnswerOf, and each named type inside on a line reached through At', () => {
    const types = [
      named('src/o#Order', object({ lines: array(ref('src/o#Line')), to: ref('src/o#Address') })),
      named('src/o#Line', object({ sku: s.string })),
      named('src/o#Address', object({ city: s.string })),
    ];
    const place = answering(
      handler('place', 'POST', '/', [body('src/o#Order', true)]),
      object({ order: ref('src/o#Order') }),
    );
    const c = controller('Orders', 'src/o.ts', [place]);
    // Answer types are their own set in the model, here the same types.
    expect(proofs({ ...app([c], types), responses: types })).toEqual([
      'type SeenOrder = { lines: SeenLine[]; to: SeenAddress };',
      'type SeenLine = { sku: string };',
      'type SeenAddress = { city: string };',
      "declare const freshOrders_place: Fresh<Compared<'Orders.place(body)', Parameters<Orders['place']>[0], SeenOrder>>;",
      "declare const freshOrders_place_answer: Fresh<Compared<'the answer of Orders.place', AnswerOf<Orders['place']>, { order: SeenOrder }>>;",
      "declare const freshLine: Fresh<Compared<'Line', At<At<Parameters<Orders['place']>[0], 'lines'>, number>, SeenLine>>;",
      "declare const freshAddress: Fresh<Compared<'Address', At<Parameters<Orders['place']>[0], 'to'>, SeenAddress>>;",
    ]);
  });

  it('leave out of the comparison an object whose shape left members out', () => {
    const shape: Shape = {
      kind: 'object',
      properties: [{ name: 'id', optional: false, shape: s.number }],
      partial: true,
    };
    const c = controller('B', 'src/b.ts', [answering(handler('get', 'GET', '/'), shape)]);
    expect(proofs(app([c]))).toEqual([
      "declare const freshB_get_answer: Fresh<Compared<'the answer of B.get', AnswerOf<B['get']>, unknown>>;",
    ]);
  });

  it('are left out when nothing is validated or written', () => {
    const c = controller('Users', 'src/u.ts', [
      handler('get', 'GET', '/:id', [param(0, 'id', 'number', { pathKey: 'id' })]),
    ]);
    expect(proofs(app([c]))).toEqual([]);
  });
});
