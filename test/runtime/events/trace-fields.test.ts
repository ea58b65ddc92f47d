// The one rule every transport applies to trace context fields, at both ends: only traceparent,
// tracestate and baggage, each a string of 1 to 8192 characters without a line break.
import { describe, expect, it } from 'vitest';
import { traceFieldsOf, traceOfHeaders } from '../../../runtime/events/trace-fields.js';

const PARENT = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';

describe('traceFieldsOf', () => {
  it.each<[string, Record<string, unknown> | undefined, [string, string][]]>([
    ['no trace', undefined, []],
    [
      'the three fields, in their order',
      { baggage: 'a=1', tracestate: 'k=v', traceparent: PARENT },
      [
        ['traceparent', PARENT],
        ['tracestate', 'k=v'],
        ['baggage', 'a=1'],
      ],
    ],
    ['another name', { 'x-tenant': 'acme', Traceparent: PARENT }, []],
    ['8192 characters', { traceparent: 'p'.repeat(8192) }, [['traceparent', 'p'.repeat(8192)]]],
    ['8193 characters', { traceparent: 'p'.repeat(8193) }, []],
    ['an empty value', { traceparent: '' }, []],
    ['a line break', { baggage: 'a=1\nb=2' }, []],
    ['a carriage return', { baggage: 'a=1\rb=2' }, []],
    ['a number', { traceparent: 42 }, []],
    ['an inherited field', Object.create({ traceparent: PARENT }), []],
  ])('sends of %s', (_, trace, sent) => {
    expect(traceFieldsOf(trace as Record<string, string> | undefined)).toEqual(sent);
  });
});

describe('traceOfHeaders', () => {
  it.each<[string, Record<string, unknown>, Record<string, string> | undefined]>([
    ['no headers', {}, undefined],
    ['only other headers', { 'x-request-id': 'r-1' }, undefined],
    ['a traceparent', { traceparent: PARENT, 'x-tenant': 'acme' }, { traceparent: PARENT }],
    ['a bytes value', { traceparent: Buffer.from(PARENT) }, undefined],
    [
      'an over-long tracestate',
      { traceparent: PARENT, tracestate: 's'.repeat(8193) },
      {
        traceparent: PARENT,
      },
    ],
  ])('gives back of %s', (_, headers, trace) => {
    expect(traceOfHeaders((name) => headers[name])).toStrictEqual(trace);
  });
});
