import * as core from 'fw/core';
import * as testing from 'fw/testing';
import { describe, expect, it } from 'vitest';
import * as coreSource from '../../../runtime/entries/core.js';
import * as testingSource from '../../../runtime/testing/contexts.js';

type Case<G, W> = [name: string, { given: G; want: W }];

// The tests import fw/* through the `source` export condition: the sources, never a stale dist/ build.
describe('package specifiers resolve to the sources', () => {
  const cases: Case<[unknown, unknown], true>[] = [
    [
      'fw/testing httpContext',
      { given: [testing.httpContext, testingSource.httpContext], want: true },
    ],
    [
      'fw/testing webSocketContext',
      { given: [testing.webSocketContext, testingSource.webSocketContext], want: true },
    ],
    [
      'fw/core isHttpRequestContext',
      { given: [core.isHttpRequestContext, coreSource.isHttpRequestContext], want: true },
    ],
    [
      'fw/core controllerContext',
      { given: [core.controllerContext, coreSource.controllerContext], want: true },
    ],
  ];
  it.each(cases)('%s', (_name, { given: [viaSpecifier, viaPath], want }) => {
    expect(viaSpecifier === viaPath).toBe(want);
  });
});
