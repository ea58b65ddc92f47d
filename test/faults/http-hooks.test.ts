// Faults in the hooks around an HTTP handler, over a socket: an interceptor that throws or rejects
// in each hook, global or on the route, and a post-execution hook that fails. Whatever fails, the
// client gets one whole answer, the error reaches the logger and the interceptors' afterCompletion,
// and the server goes on serving (API.md section 5: "a throw in any hook is caught and joined").

import { HttpError } from 'fw';
import type { Context } from 'fw/context';
import type { Interceptor } from 'fw/core';
import { type DomainEvent, publishEvents } from 'fw/publish';
import { describe, expect, it } from 'vitest';
import { completionFailed, problem, requestFailed, serve } from '../http/support.js';
import {
  completions,
  failingHook,
  failingIn,
  failWith,
  HOOK_FAULTS,
  type Hook,
  holds,
  type Mode,
  onPath,
  openRequest,
} from './support.js';

const INTERNAL = problem(500, 'Internal Server Error', 'Internal Server Error');

describe.each(['route', 'global'] as const)('a %s interceptor that fails', (scope) => {
  it.each(HOOK_FAULTS)('in %s (%s)', async (hook: Hook, mode: Mode) => {
    const err = new Error(`${hook} ${mode}: secret`);
    const Faulty = failingIn(hook, mode, err);
    const recorder = completions();
    let ran = 0;
    const served = await serve(
      [
        {
          method: 'GET',
          path: '/faulty',
          interceptors: scope === 'route' ? [Faulty] : [],
          handle: () => {
            ran++;
            return 'fine';
          },
        },
      ],
      {
        interceptors: scope === 'route' ? [recorder] : [recorder, onPath('/faulty', new Faulty())],
      },
    );

    const res = await fetch(served.url('/faulty'));
    const text = await res.text();
    expect(await served.alive()).toBe(200); // and by now the failed execution has been reported

    // afterCompletion runs once the response is sent, and (as Spine's) never fails an execution:
    // the client has its 200, and the failure is logged on its own, naming the interceptor.
    const sent = hook === 'afterCompletion';
    expect([res.status, sent ? text : JSON.parse(text)]).toEqual(
      sent ? [200, 'fine'] : [500, INTERNAL],
    );
    expect(ran).toBe(hook === 'preHandle' ? 0 : 1);
    expect(recorder.seen).toHaveLength(2); // the faulty request and alive()
    expect(holds(recorder.seen[0], err)).toBe(!sent);
    const requestId = res.headers.get('x-request-id');
    expect(served.logger.failures()).toEqual([
      sent
        ? completionFailed({
            interceptor: scope === 'route' ? 'Faulty' : 'global interceptor 1',
            method: 'GET',
            path: '/faulty',
            requestId,
            err,
          })
        : requestFailed({
            method: 'GET',
            path: '/faulty',
            status: 500,
            requestId,
            err: expect.toSatisfy((e) => holds(e, err)),
          }),
    ]);
  });
});

// Spine's AfterCompletion returns nothing: whatever the handler and the error path answered goes
// out as it is, byte for byte, when every afterCompletion fails, and each of them still runs.
describe('afterCompletion that fails changes nothing of the response', () => {
  const failed = new Error('db down');
  it.each<[string, () => unknown]>([
    ['a success', () => 'fine'],
    ['an error response', () => Promise.reject(new HttpError(409, 'taken'))],
    ['a server error', () => Promise.reject(failed)],
  ])('%s', async (_name, handle) => {
    const ran: string[] = [];
    const failing = (name: string, mode: Mode): Interceptor => ({
      afterCompletion: () => {
        ran.push(name);
        return failWith(mode, new Error(`${name} failed`))();
      },
    });
    const served = await serve(
      [
        { method: 'GET', path: '/plain', handle },
        {
          method: 'GET',
          path: '/faulty',
          interceptors: [failingIn('afterCompletion', 'rejects', new Error('route failed'))],
          handle,
        },
      ],
      {
        interceptors: [
          onPath('/faulty', failing('outer', 'throws')),
          onPath('/faulty', failing('inner', 'rejects')),
        ],
      },
    );

    const plain = await openRequest(served.port, request('/plain', 'same-id'));
    const faulty = await openRequest(served.port, request('/faulty', 'same-id'));
    const [want, got] = [await plain.response, await faulty.response];

    expect(got.status).toBe(want.status);
    expect(withoutDate(got.headers)).toEqual(withoutDate(want.headers));
    expect(got.body.toString()).toBe(want.body.toString());
    expect(got.complete).toBe(true);
    expect(ran).toEqual(['inner', 'outer']); // innermost first, after the route's own
    const names = served.logger
      .failures()
      .filter((r) => r.msg === 'afterCompletion failed')
      .map((r) => r.fields['interceptor']);
    expect(names).toEqual(['Faulty', 'global interceptor 1', 'global interceptor 0']);
    expect(await served.alive()).toBe(200);
  });
});

function request(path: string, id: string): string {
  return `GET ${path} HTTP/1.1\r\nHost: t\r\nX-Request-Id: ${id}\r\nConnection: close\r\n\r\n`;
}

function withoutDate(headers: Readonly<Record<string, string>>): Record<string, string> {
  const { date: _date, ...rest } = headers;
  return rest;
}

describe('a post-execution hook', () => {
  it.each<['passes' | Mode, number]>([
    ['passes', 200],
    ['throws', 500],
    ['rejects', 500],
  ])(
    'that %s: status %i; the events of a failed execution are not dispatched',
    async (outcome, status) => {
      const err = new Error(`hook ${outcome}`);
      const postHandled: string[] = [];
      const spy = onPath('/orders', { postHandle: () => void postHandled.push('postHandle') });
      let consumed = 0;
      const served = await serve(
        [
          {
            method: 'POST',
            path: '/orders',
            params: ['ctx:fw/context#Context'],
            handle: (ctx: Context) => {
              publishEvents(ctx, { name: 'order.placed', occurredAt: new Date() } as DomainEvent);
              return 'placed';
            },
          },
          { method: 'EVENT', path: 'order.placed', handle: () => void consumed++ },
        ],
        {
          interceptors: [spy],
          hooks: outcome === 'passes' ? [] : [failingHook(outcome, err)],
        },
      );

      const res = await fetch(served.url('/orders'), { method: 'POST' });
      const body = await res.text();
      await served.app.close(); // the transport delivers what was published, then closes

      expect([res.status, status === 200 ? body : JSON.parse(body)]).toEqual([
        status,
        status === 200 ? 'placed' : INTERNAL,
      ]);
      expect(postHandled).toEqual(status === 200 ? ['postHandle'] : []);
      expect(consumed).toBe(status === 200 ? 1 : 0);
      expect(served.logger.failures()).toEqual(
        status === 200
          ? []
          : [
              requestFailed({
                method: 'POST',
                path: '/orders',
                status,
                requestId: res.headers.get('x-request-id'),
                err: expect.toSatisfy((e) => holds(e, err)),
              }),
            ],
      );
    },
  );
});
