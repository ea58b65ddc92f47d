import { describe, expect, it } from 'vitest';
import type { ExecutionContext } from '../../../../runtime/core/pipeline/execution-context.js';
import type {
  HandlerMeta,
  Interceptor,
  PostExecutionHook,
} from '../../../../runtime/core/pipeline/interceptor.js';
import {
  createPipeline,
  ErrAbortPipeline,
  NO_META,
  type Protocol,
  type Route,
} from '../../../../runtime/core/pipeline/pipeline.js';
import type { ArgumentResolver } from '../../../../runtime/core/pipeline/resolver.js';
import type { EventContext } from '../../../../runtime/events/event-context.js';
import { consumerContext } from '../../../../runtime/testing/contexts.js';

type Step = 'preHandle' | 'postHandle' | 'beforeResponse' | 'afterCompletion';
type Behaviour = Partial<Record<Step, 'abort' | 'fail' | 'throw' | 'throwAbort' | 'async'>>;

/** `answer()`, or when `wait` is set the same answer through a promise (a throw as a rejection). */
function maybeWait(wait: boolean | undefined, answer: () => unknown): unknown {
  if (!wait) return answer();
  try {
    return Promise.resolve(answer());
  } catch (err) {
    return Promise.reject(err);
  }
}

/** Records every call as `<hook>:<name>`, with `!` when it received an error. */
function recorder(wait?: boolean) {
  const log: string[] = [];
  const metas: Record<string, HandlerMeta> = {};
  const interceptor = (name: string, behaviour: Behaviour = {}): Interceptor => {
    const hook =
      (step: Step, short: string) =>
      (_ctx: ExecutionContext, meta: HandlerMeta, err?: Error): unknown => {
        log.push(`${short}:${name}${err ? '!' : ''}`);
        metas[`${short}:${name}`] = meta;
        return maybeWait(wait, () => {
          const how = behaviour[step];
          if (how === 'abort') return ErrAbortPipeline;
          if (how === 'fail') return new Error(`${short}:${name} failed`);
          if (how === 'throw') throw new Error(`${short}:${name} threw`);
          if (how === 'throwAbort') throw ErrAbortPipeline;
          if (how === 'async') return Promise.resolve();
          return undefined;
        });
      };
    return {
      preHandle: hook('preHandle', 'pre') as Interceptor['preHandle'],
      postHandle: hook('postHandle', 'post') as Interceptor['postHandle'],
      beforeResponse: hook('beforeResponse', 'before') as Interceptor['beforeResponse'],
      afterCompletion: hook('afterCompletion', 'after') as Interceptor['afterCompletion'],
    };
  };
  return { log, metas, interceptor };
}

interface Setup {
  globals?: Behaviour[];
  route?: Behaviour[];
  handler?: 'ok' | 'throw' | 'reject';
  hook?: 'ok' | 'fail' | 'none';
  routing?: 'ok' | 'miss';
  /** Every step answers through a promise: the resolver, handler, hooks, interceptors, respond. */
  wait?: boolean;
}

class Controller {}

async function run(setup: Setup) {
  const { log, metas, interceptor } = recorder(setup.wait);
  const globals = (setup.globals ?? [{}]).map((b, i) => interceptor(`g${i}`, b));
  const routeInterceptors = (setup.route ?? [{}]).map((b, i) => interceptor(`r${i}`, b));
  const resolver: ArgumentResolver = {
    supports: () => true,
    resolve: () => {
      log.push('resolve');
      return maybeWait(setup.wait, () => 'arg');
    },
  };
  const meta: HandlerMeta = {
    controllerType: Controller,
    method: { name: 'handle' },
    pathKeys: [],
  };
  const route: Route = {
    meta,
    interceptors: routeInterceptors,
    params: [{ index: 0, name: 'x', type: 'string', optional: false }],
    resolvers: [resolver],
    controller: new Controller(),
    invoke: (_c, args) => {
      log.push(`handle:${String(args[0])}`);
      return maybeWait(setup.wait, () => {
        if (setup.handler === 'throw') throw new Error('handler threw');
        if (setup.handler === 'reject') return Promise.reject(new Error('handler rejected'));
        return 'result';
      });
    },
  };
  const hooks: PostExecutionHook[] =
    setup.hook === 'none'
      ? []
      : [
          {
            afterExecution: (_ctx, results) => {
              log.push(`hook:${String(results[0])}`);
              return maybeWait(setup.wait, () =>
                setup.hook === 'fail' ? new Error('hook failed') : undefined,
              ) as ReturnType<PostExecutionHook['afterExecution']>;
            },
          },
        ];
  const protocol: Protocol<EventContext> = {
    route: () => {
      log.push('route');
      if (setup.routing === 'miss') throw new Error('no route');
      return route;
    },
    checkpoint: () => {
      log.push('checkpoint');
    },
    stage: (_ctx, result) => {
      log.push(`stage:${String(result)}`);
    },
    respond: (_ctx, err) => {
      log.push(`respond${err ? '!' : ''}`);
      return maybeWait(setup.wait, () => undefined) as undefined;
    },
  };
  const logged: { level: string; msg: string; fields: Record<string, unknown> }[] = [];
  const at = (level: string) => (fields: Record<string, unknown>, msg: string) =>
    void logged.push({ level, msg, fields });
  const logger = { error: at('error'), warn: at('warn'), info: at('info') };
  const execute = createPipeline({ interceptors: globals, hooks, protocol, logger });
  const answer = execute(consumerContext('x'));
  const err = await answer;
  return { log, err, metas, meta, logged, waited: answer instanceof Promise };
}

describe('pipeline order (Spine v0.5.2)', () => {
  const cases: [string, Setup, string[], boolean][] = [
    [
      'success',
      {},
      [
        'pre:g0',
        'route',
        'pre:r0',
        'checkpoint',
        'resolve',
        'handle:arg',
        'stage:result',
        'hook:result',
        'post:r0',
        'post:g0',
        'before:r0',
        'before:g0',
        'respond',
        'after:r0',
        'after:g0',
      ],
      false,
    ],
    [
      'handler throws',
      { handler: 'throw' },
      [
        'pre:g0',
        'route',
        'pre:r0',
        'checkpoint',
        'resolve',
        'handle:arg',
        'before:r0!',
        'before:g0!',
        'respond!',
        'after:r0!',
        'after:g0!',
      ],
      true,
    ],
    [
      'handler rejects',
      { handler: 'reject' },
      [
        'pre:g0',
        'route',
        'pre:r0',
        'checkpoint',
        'resolve',
        'handle:arg',
        'before:r0!',
        'before:g0!',
        'respond!',
        'after:r0!',
        'after:g0!',
      ],
      true,
    ],
    [
      'route interceptor fails in preHandle',
      { route: [{ preHandle: 'fail' }] },
      ['pre:g0', 'route', 'pre:r0', 'before:g0!', 'respond!', 'after:r0!', 'after:g0!'],
      true,
    ],
    [
      'route interceptor throws in preHandle',
      { route: [{ preHandle: 'throw' }] },
      ['pre:g0', 'route', 'pre:r0', 'before:g0!', 'respond!', 'after:r0!', 'after:g0!'],
      true,
    ],
    [
      'global abort before routing',
      { globals: [{ preHandle: 'abort' }] },
      ['pre:g0', 'respond', 'after:g0'],
      false,
    ],
    [
      'second global aborts: only the first gets beforeResponse',
      { globals: [{}, { preHandle: 'abort' }] },
      ['pre:g0', 'pre:g1', 'before:g0', 'respond', 'after:g1', 'after:g0'],
      false,
    ],
    [
      'route abort after routing',
      { route: [{ preHandle: 'abort' }] },
      ['pre:g0', 'route', 'pre:r0', 'before:g0', 'respond', 'after:r0', 'after:g0'],
      false,
    ],
    [
      'abort thrown rather than returned',
      { route: [{}, { preHandle: 'throwAbort' }] },
      [
        'pre:g0',
        'route',
        'pre:r0',
        'pre:r1',
        'before:r0',
        'before:g0',
        'respond',
        'after:r1',
        'after:r0',
        'after:g0',
      ],
      false,
    ],
    [
      'no route',
      { routing: 'miss' },
      ['pre:g0', 'route', 'before:g0!', 'respond!', 'after:g0!'],
      true,
    ],
    [
      'post-execution hook fails: no postHandle',
      { hook: 'fail' },
      [
        'pre:g0',
        'route',
        'pre:r0',
        'checkpoint',
        'resolve',
        'handle:arg',
        'stage:result',
        'hook:result',
        'before:r0!',
        'before:g0!',
        'respond!',
        'after:r0!',
        'after:g0!',
      ],
      true,
    ],
    [
      'two of each, all async',
      {
        globals: [{ preHandle: 'async' }, { postHandle: 'async' }],
        route: [{ beforeResponse: 'async' }, { afterCompletion: 'async' }],
        hook: 'none',
      },
      [
        'pre:g0',
        'pre:g1',
        'route',
        'pre:r0',
        'pre:r1',
        'checkpoint',
        'resolve',
        'handle:arg',
        'stage:result',
        'post:r1',
        'post:r0',
        'post:g1',
        'post:g0',
        'before:r1',
        'before:r0',
        'before:g1',
        'before:g0',
        'respond',
        'after:r1',
        'after:r0',
        'after:g1',
        'after:g0',
      ],
      false,
    ],
  ];

  it.each(cases)('%s', async (_name, setup, want, fails) => {
    const { log, err } = await run(setup);
    expect(log).toEqual(want);
    expect(err !== undefined).toBe(fails);
  });

  it.each(cases)(
    '%s, with every step answering through a promise',
    async (_n, setup, want, fails) => {
      const { log, err, waited } = await run({ ...setup, wait: true });
      expect(log).toEqual(want);
      expect(err !== undefined).toBe(fails);
      expect(waited).toBe(true);
    },
  );

  it('answers at once, with no promise, when no step returns one', async () => {
    const { log, err, waited } = await run({
      handler: 'throw',
      route: [{ afterCompletion: 'throw' }],
    });
    expect(waited).toBe(false);
    expect(log.at(-1)).toBe('after:g0!');
    expect(err?.message).toBe('handler threw');
  });
});

describe('pipeline errors', () => {
  it('returns the handler error itself', async () => {
    const { err } = await run({ handler: 'throw' });
    expect(err?.message).toBe('handler threw');
  });

  it('joins beforeResponse errors, passing the error so far from route to global', async () => {
    const { log, err } = await run({ route: [{ beforeResponse: 'fail' }], hook: 'none' });
    expect(log.slice(-5)).toEqual([
      'before:r0',
      'before:g0!',
      'respond!',
      'after:r0!',
      'after:g0!',
    ]);
    expect(err?.message).toBe('before:r0 failed');
  });

  it('joins a throw in beforeResponse with the execution error', async () => {
    const { err } = await run({ handler: 'throw', globals: [{ beforeResponse: 'throw' }] });
    expect(err).toBeInstanceOf(AggregateError);
    expect((err as AggregateError).errors.map((e: Error) => e.message)).toEqual([
      'handler threw',
      'before:g0 threw',
    ]);
  });

  // Spine's AfterCompletion returns nothing: its failure is logged and fails nothing.
  it.each([false, true])(
    'runs every afterCompletion when one fails, logs the failure, and returns no error (waiting: %s)',
    async (wait) => {
      const { log, err, logged } = await run({
        route: [{}, { afterCompletion: 'throw' }],
        globals: [{ afterCompletion: 'throw' }, {}],
        hook: 'none',
        wait,
      });
      expect(log.slice(-4)).toEqual(['after:r1', 'after:r0', 'after:g1', 'after:g0']);
      expect(err).toBeUndefined();
      const failure = (name: string, message: string) => ({
        level: 'error',
        msg: 'afterCompletion failed',
        fields: {
          interceptor: name,
          method: 'EVENT',
          path: 'x',
          requestId: expect.any(String),
          handler: 'Controller.handle',
          err: expect.objectContaining({ message }),
        },
      });
      expect(logged).toEqual([
        failure('route interceptor 1', 'after:r1 threw'),
        failure('global interceptor 0', 'after:g0 threw'),
      ]);
    },
  );

  it('names a failing afterCompletion by its class, and keeps the execution error', async () => {
    class Audit {
      afterCompletion(): never {
        throw new Error('audit down');
      }
    }
    const logged: Record<string, unknown>[] = [];
    const logger = {
      error: (fields: Record<string, unknown>) => void logged.push(fields),
      warn: () => {},
      info: () => {},
    };
    const handled = new Error('handler threw');
    const execute = createPipeline<EventContext>({
      interceptors: [new Audit()],
      hooks: [],
      logger,
      protocol: {
        route: () => ({
          meta: { pathKeys: [] },
          interceptors: [],
          params: [],
          resolvers: [],
          controller: undefined,
          invoke: () => {
            throw handled;
          },
        }),
        checkpoint: () => {},
        stage: () => {},
        respond: () => {},
      },
    });
    expect(await execute(consumerContext('x'))).toBe(handled);
    expect(logged).toEqual([expect.objectContaining({ interceptor: 'Audit', path: 'x' })]);
  });

  it('catches a throw in postHandle and skips the rest of postHandle', async () => {
    const { log, err } = await run({ route: [{ postHandle: 'throw' }], hook: 'none' });
    expect(log).toContain('post:r0');
    expect(log).not.toContain('post:g0');
    expect(log.slice(-5)).toEqual([
      'before:r0!',
      'before:g0!',
      'respond!',
      'after:r0!',
      'after:g0!',
    ]);
    expect(err?.message).toBe('post:r0 threw');
  });
});

describe('pipeline meta', () => {
  it('gives global preHandle no controller, and the routed meta afterwards', async () => {
    const { metas, meta } = await run({});
    expect(metas['pre:g0']).toBe(NO_META);
    expect(metas['pre:g0']?.controllerType).toBeUndefined();
    expect(metas['pre:r0']).toBe(meta);
    expect(metas['before:g0']).toBe(meta);
    expect(metas['after:g0']).toBe(meta);
  });

  it('gives global afterCompletion no controller when routing failed', async () => {
    const { metas } = await run({ routing: 'miss' });
    expect(metas['after:g0']).toBe(NO_META);
  });
});
