import { describe, expect, it } from 'vitest';
import { analyzeCase, printed } from './support.js';

const CASE = 'consumers-bad';
const analysis = analyzeCase(CASE);
const lines = printed(analysis.diagnostics, CASE);

describe('analyzer: @EventConsumer options it cannot use (FW0110)', () => {
  it('reports group with broadcast, values that are not literals, bad names and spreads', () => {
    expect(lines).toEqual([
      'consumers.ts:7:16 FW0110 @EventConsumer on Both: `group` and `broadcast: true` together: a broadcast consumer has no group, as every instance receives every message; keep one of them',
      "consumers.ts:13:25 FW0110 @EventConsumer on NotLiteral: `group` is not a string literal (its type is 'string'); fwgen reads it from the source: write it inline, e.g. `group: 'billing'`, or use a `const` with a literal value",
      "consumers.ts:19:16 FW0110 the options of @EventConsumer on NotInline are not an object literal; write them inline, e.g. `@EventConsumer({ broadcast: true })` or `@EventConsumer({ group: 'billing' })`",
      "consumers.ts:25:25 FW0110 @EventConsumer on BadName: group 'order.billing' cannot name a queue or a JetStream consumer; use a non-empty name without whitespace, '.', '*', '>', '/' or '\\', e.g. 'billing'",
      "consumers.ts:31:18 FW0110 @EventConsumer on Spread: fwgen reads only `group: '…'` and `broadcast: true`, each written as `name: value`; found `...options`",
    ]);
  });

  it('keeps the consumers, with the delivery of the one whose options it could read', () => {
    const found = analysis.model.controllers.map((c) => [c.name, c.delivery]);
    expect(found).toEqual([
      ['BadName', undefined],
      ['Both', undefined],
      ['Fine', { kind: 'group', group: 'audit' }],
      ['NotInline', undefined],
      ['NotLiteral', undefined],
      ['Spread', undefined],
    ]);
  });
});
