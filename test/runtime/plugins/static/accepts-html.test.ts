// Whether a request takes HTML (runtime/static/accepts-html.ts): the SPA fallback's test.
import { describe, expect, it } from 'vitest';
import { acceptsHtml } from '../../../../runtime/plugins/static/accepts-html.js';

describe('acceptsHtml', () => {
  it.each<[string, boolean]>([
    ['text/html', true],
    ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', true],
    ['application/json, text/html;q=0.1', true],
    ['Text/HTML', true],
    [' text/html ; charset=utf-8', true],
    ['text/html;q=0', false],
    ['text/html;q=0.0', false],
    ['text/html;q=abc', false],
    ['text/htmlx', false],
    ['application/json', false],
    ['*/*', false],
    ['text/*', false],
    ['', false],
  ])('%j: %s', (accept, want) => {
    expect(acceptsHtml(accept)).toBe(want);
  });
});
