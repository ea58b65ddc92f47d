// fw's default logger (runtime/log/json-logger.ts): one JSON object per line, in the record shape
// pino writes, so the tools that read pino's output read fw's too (docs/operations.md).
import { jsonLogger, type Logger, type LogLevel } from 'fw';
import { afterEach, describe, expect, it, vi } from 'vitest';

type Level = LogLevel | 'silent';

/** A logger at `level` whose lines the test reads back. */
function captured(level?: Level) {
  const lines: string[] = [];
  const write = (line: string) => void lines.push(line);
  const logger = jsonLogger(level === undefined ? { write } : { level, write });
  const records = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  return { logger, lines, records };
}

/** Logs one record at every level, `debug` first. */
function logEveryLevel(logger: Logger): void {
  logger.debug?.({ n: 1 }, 'at debug');
  logger.info({ n: 2 }, 'at info');
  logger.warn({ n: 3 }, 'at warn');
  logger.error({ n: 4 }, 'at error');
}

describe('a record', () => {
  it('is one line of JSON: level, time, the fields, then msg', () => {
    const { logger, lines } = captured();
    const before = Date.now();
    logger.info({ method: 'GET', path: '/orders', status: 404 }, 'request failed');
    const after = Date.now();

    expect(lines).toHaveLength(1);
    const line = lines[0] as string;
    expect(line.endsWith('\n')).toBe(true);
    expect(line.indexOf('\n')).toBe(line.length - 1);
    const record = JSON.parse(line) as Record<string, unknown>;
    expect(Object.keys(record)).toEqual(['level', 'time', 'method', 'path', 'status', 'msg']);
    expect(record).toEqual({
      level: 30,
      time: expect.any(Number),
      method: 'GET',
      path: '/orders',
      status: 404,
      msg: 'request failed',
    });
    expect(record['time']).toBeGreaterThanOrEqual(before);
    expect(record['time']).toBeLessThanOrEqual(after);
  });

  it('writes no field but level, time and msg when there are none', () => {
    const { logger, lines } = captured();
    logger.warn({}, 'nothing else');
    expect(lines[0]).toMatch(/^\{"level":40,"time":\d+,"msg":"nothing else"\}\n$/);
  });

  it('stays on one line whatever the message and fields hold', () => {
    const { logger, lines, records } = captured();
    const message = 'two\nlines "quoted" \u2028 and a \\ backslash';
    logger.error({ path: '/a\r\nSet-Cookie: x=1', note: '\u0000\u001f' }, message);

    expect(lines).toHaveLength(1);
    expect((lines[0] as string).slice(0, -1)).not.toMatch(/[\r\n]/);
    expect(records()).toEqual([
      expect.objectContaining({
        path: '/a\r\nSet-Cookie: x=1',
        note: '\u0000\u001f',
        msg: message,
      }),
    ]);
  });

  it('writes a bigint field as its decimal string', () => {
    const { logger, records } = captured();
    logger.info({ offset: 2n ** 64n }, 'big');
    expect(records()[0]).toMatchObject({ offset: '18446744073709551616' });
  });
});

describe('levels', () => {
  it('writes pino level numbers: 20 debug, 30 info, 40 warn, 50 error', () => {
    const { logger, records } = captured('debug');
    logEveryLevel(logger);
    expect(records().map((r) => [r['level'], r['msg']])).toEqual([
      [20, 'at debug'],
      [30, 'at info'],
      [40, 'at warn'],
      [50, 'at error'],
    ]);
  });

  it.each<[Level | undefined, string[]]>([
    [undefined, ['at info', 'at warn', 'at error']],
    ['debug', ['at debug', 'at info', 'at warn', 'at error']],
    ['info', ['at info', 'at warn', 'at error']],
    ['warn', ['at warn', 'at error']],
    ['error', ['at error']],
    ['silent', []],
  ])('at level %s writes %j', (level, want) => {
    const { logger, records } = captured(level);
    logEveryLevel(logger);
    expect(records().map((r) => r['msg'])).toEqual(want);
  });

  it('refuses a level it does not know, naming the ones it does', () => {
    expect(() => jsonLogger({ level: 'trace' as Level })).toThrow(
      new TypeError(
        "jsonLogger option 'level' must be one of 'debug', 'info', 'warn', 'error', 'silent'; got trace",
      ),
    );
  });

  it('has every method a Logger needs, even those below its level', () => {
    const logger = jsonLogger({ level: 'silent', write: () => {} });
    for (const method of ['debug', 'info', 'warn', 'error'] as const) {
      expect(typeof logger[method]).toBe('function');
    }
  });
});

describe('where records go', () => {
  afterEach(() => vi.restoreAllMocks());

  it('writes to process.stdout without a write option', () => {
    const written: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    jsonLogger().info({ port: 3000 }, 'listening');
    vi.restoreAllMocks();

    expect(written).toHaveLength(1);
    expect(JSON.parse(written[0] as string)).toMatchObject({
      level: 30,
      port: 3000,
      msg: 'listening',
    });
  });

  it('hands each record to write, and only to write', () => {
    const stdout = vi.spyOn(process.stdout, 'write');
    const { logger, lines } = captured();
    logger.info({}, 'one');
    logger.error({}, 'two');
    expect(lines.map((l) => JSON.parse(l).msg)).toEqual(['one', 'two']);
    expect(stdout).not.toHaveBeenCalled();
  });
});

class OrderRejected extends Error {
  readonly code = 'E_ORDER';
}

describe('errors', () => {
  it('writes an Error as pino does: type, message, stack and code', () => {
    const { logger, records } = captured();
    const err = new OrderRejected('order 7 rejected');
    logger.error({ err }, 'request failed');

    expect(records()[0]).toEqual({
      level: 50,
      time: expect.any(Number),
      err: {
        type: 'OrderRejected',
        message: 'order 7 rejected',
        stack: err.stack,
        code: 'E_ORDER',
      },
      msg: 'request failed',
    });
  });

  it('keeps a numeric code and leaves out one of another type', () => {
    const { logger, records } = captured();
    const numeric = Object.assign(new Error('a'), { code: 42 });
    const odd = Object.assign(new Error('b'), { code: { nested: true } });
    logger.error({ numeric, odd }, 'codes');

    const [record] = records();
    expect(record?.['numeric']).toMatchObject({ type: 'Error', message: 'a', code: 42 });
    expect(record?.['odd']).not.toHaveProperty('code');
  });

  it('writes the cause, as an error when it is one and as it is otherwise', () => {
    const { logger, records } = captured();
    const root = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    const err = new Error('could not save the order', { cause: root });
    const plain = new Error('with a plain cause', { cause: { retry: false } });
    logger.error({ err, plain }, 'failed');

    const [record] = records();
    expect(record?.['err']).toEqual({
      type: 'Error',
      message: 'could not save the order',
      stack: err.stack,
      cause: {
        type: 'Error',
        message: 'connect ECONNREFUSED',
        stack: root.stack,
        code: 'ECONNREFUSED',
      },
    });
    expect(record?.['plain']).toMatchObject({ cause: { retry: false } });
  });

  it('writes the errors an AggregateError joins', () => {
    const { logger, records } = captured();
    const err = new AggregateError([new Error('first'), new TypeError('second')], 'both failed');
    logger.error({ err }, 'failed');

    expect(records()[0]?.['err']).toMatchObject({
      type: 'AggregateError',
      message: 'both failed',
      aggregateErrors: [
        { type: 'Error', message: 'first' },
        { type: 'TypeError', message: 'second' },
      ],
    });
  });

  it('stops following causes after eight, so a cycle of causes still writes', () => {
    const { logger, records } = captured();
    const a = new Error('a');
    const b = new Error('b', { cause: a });
    a.cause = b; // a → b → a → …
    logger.error({ err: a }, 'cycle');

    let depth = 0;
    let node = records()[0]?.['err'] as { cause?: unknown; message: string } | undefined;
    while (node?.cause !== undefined) {
      node = node.cause as { cause?: unknown; message: string };
      depth++;
    }
    expect(depth).toBe(8);
    expect(node?.message).toBe('a');
  });

  it('writes an Error wherever it is among the fields', () => {
    const { logger, records } = captured();
    logger.error({ failures: [{ err: new RangeError('deep') }] }, 'nested');
    expect(records()[0]?.['failures']).toEqual([
      { err: { type: 'RangeError', message: 'deep', stack: expect.any(String) } },
    ]);
  });
});

describe('fields it cannot serialise', () => {
  const circular: Record<string, unknown> = { name: 'loop' };
  circular['self'] = circular;
  const throwingGetter = {
    get boom(): never {
      throw new Error('getter failed');
    },
  };
  const throwingToJson = {
    toJSON(): never {
      throw new Error('toJSON failed');
    },
  };

  it.each<[string, unknown, string]>([
    ['a circular object', circular, 'Converting circular structure to JSON'],
    ['a getter that throws', throwingGetter, 'getter failed'],
    ['a toJSON that throws', throwingToJson, 'toJSON failed'],
    ['an error whose cause is circular', new Error('x', { cause: circular }), 'circular'],
  ])(
    'never throw: with %s, the other fields are kept and logError says which failed',
    (_n, bad, why) => {
      const { logger, records } = captured();
      const fields = { method: 'GET', path: '/orders', bad, requestId: 'req-1', status: 500 };
      expect(() => logger.error(fields, 'request failed')).not.toThrow();

      const [record] = records();
      expect(record).toEqual({
        level: 50,
        time: expect.any(Number),
        method: 'GET',
        path: '/orders',
        requestId: 'req-1',
        status: 500,
        logError: expect.stringMatching(/^fields not serialisable: bad: /),
        msg: 'request failed',
      });
      expect(record?.['logError']).toContain(why);
    },
  );

  it('never throw when the fields themselves cannot be listed', () => {
    const { logger, records } = captured();
    const hostile = new Proxy(
      {},
      {
        ownKeys() {
          throw new Error('no keys for you');
        },
      },
    );
    expect(() => logger.error(hostile, 'still logged')).not.toThrow();
    expect(records()).toEqual([
      {
        level: 50,
        time: expect.any(Number),
        logError: 'fields not serialisable: no keys for you',
        msg: 'still logged',
      },
    ]);
  });

  it('never throw when the fields object itself has a toJSON that throws', () => {
    const { logger, records } = captured();
    const fields = {
      requestId: 'req-2',
      toJSON(): never {
        throw new Error('not today');
      },
    };
    expect(() => logger.error(fields, 'still logged')).not.toThrow();
    expect(records()).toEqual([
      {
        level: 50,
        time: expect.any(Number),
        requestId: 'req-2',
        logError: 'fields not serialisable: not today',
        msg: 'still logged',
      },
    ]);
  });

  it.each<[string, unknown]>([
    ['null', null],
    ['an array', ['a', 'b']],
    ['a string', 'text'],
    ['undefined', undefined],
  ])('are dropped when the fields are %s, the record kept', (_name, fields) => {
    const { logger, records } = captured();
    expect(() => logger.info(fields as Record<string, unknown>, 'kept')).not.toThrow();
    expect(records()).toEqual([{ level: 30, time: expect.any(Number), msg: 'kept' }]);
  });

  it('writes a message that is not a string as its text', () => {
    const { logger, records } = captured();
    logger.info({}, 42 as unknown as string);
    expect(records()[0]?.['msg']).toBe('42');
  });
});
