// reply() and redirect() keep a literal status in the type, which fwgen documents as the
// operation's response status; a status that is only a number stays `number`.
import { type Reply, redirect, reply } from 'fw';
import { describe, expect, expectTypeOf, it } from 'vitest';

describe('the status in the type of a Reply', () => {
  it('is the literal written, 200 when none is, and number when it is not a literal', () => {
    const created = reply({ id: 1 }, { status: 201 });
    expectTypeOf(created).toEqualTypeOf<Reply<{ id: number }, 201>>();
    expectTypeOf(reply('ok')).toEqualTypeOf<Reply<string, 200>>();
    const computed: number = 200 + Number(created.body.id > 1);
    expectTypeOf(reply(true, { status: computed })).toEqualTypeOf<Reply<boolean, number>>();
    expect([created.status, reply('ok').status]).toEqual([201, undefined]);
  });

  it('is 302 for a redirect unless another is given', () => {
    expectTypeOf(redirect('/login')).toEqualTypeOf<Reply<undefined, 302>>();
    expectTypeOf(redirect('/new', 301)).toEqualTypeOf<Reply<undefined, 301>>();
    expect([redirect('/login').status, redirect('/new', 301).status]).toEqual([302, 301]);
  });
});
