import { type AppOptions, type Bindings, createApp, FwError } from 'fw';
import { describe, expect, it } from 'vitest';

type Case<G, W> = [name: string, { given: G; want: W }];

const bindingsOf = (): Bindings => ({ version: 1, controllers: [] });

/** The FwError createApp throws for `options`. */
function startUpError(options: AppOptions): FwError {
  try {
    createApp(options);
  } catch (err) {
    if (err instanceof FwError) return err;
    throw err;
  }
  throw new Error('expected createApp to throw');
}

describe('options that make no sense', () => {
  // createApp fails naming the option, what it must be and what it got.
  const MULTIPART = 'maxFiles, maxFileBytes, maxFields, maxFieldBytes, maxParts, maxTotalBytes';
  const cases: Case<Partial<AppOptions>, string>[] = [
    [
      'bodyLimit -1',
      { given: { bodyLimit: -1 }, want: "option 'bodyLimit' must be a positive number; got -1" },
    ],
    [
      'bodyLimit 0',
      { given: { bodyLimit: 0 }, want: "option 'bodyLimit' must be a positive number; got 0" },
    ],
    [
      'bodyLimit NaN',
      {
        given: { bodyLimit: Number.NaN },
        want: "option 'bodyLimit' must be a positive number; got NaN",
      },
    ],
    [
      'bodyLimit as text',
      {
        given: { bodyLimit: '1mb' as unknown as number },
        want: "option 'bodyLimit' must be a positive number; got '1mb'",
      },
    ],
    [
      'multipart.unknownKey',
      {
        given: { multipart: { unknownKey: 1 } as AppOptions['multipart'] },
        want: `option 'multipart.unknownKey' must be one of ${MULTIPART}; got 'unknownKey'`,
      },
    ],
    [
      'multipart.maxFiles 0',
      {
        given: { multipart: { maxFiles: 0 } },
        want: "option 'multipart.maxFiles' must be a positive number; got 0",
      },
    ],
    [
      'requestTimeoutMs -5',
      {
        given: { requestTimeoutMs: -5 },
        want: "option 'requestTimeoutMs' must be a positive number; got -5",
      },
    ],
    [
      'closeTimeoutMs Infinity',
      {
        given: { closeTimeoutMs: Number.POSITIVE_INFINITY },
        want: "option 'closeTimeoutMs' must be a positive number; got Infinity",
      },
    ],
    [
      'maxQueryParams 0',
      {
        given: { maxQueryParams: 0 },
        want: "option 'maxQueryParams' must be a positive integer; got 0",
      },
    ],
    [
      'maxUrlLength 1.5',
      {
        given: { maxUrlLength: 1.5 },
        want: "option 'maxUrlLength' must be a positive integer; got 1.5",
      },
    ],
    [
      'maxHeaderCount -1',
      {
        given: { maxHeaderCount: -1 },
        want: "option 'maxHeaderCount' must be a positive integer; got -1",
      },
    ],
    [
      'maxHeaderBytes as text',
      {
        given: { maxHeaderBytes: '16kb' as unknown as number },
        want: "option 'maxHeaderBytes' must be a positive integer; got '16kb'",
      },
    ],
    [
      'maxPayloadBytes Infinity',
      {
        given: { maxPayloadBytes: Number.POSITIVE_INFINITY },
        want: "option 'maxPayloadBytes' must be a positive integer; got Infinity",
      },
    ],
    [
      'pagination.maxSize 0',
      {
        given: { pagination: { maxSize: 0 } },
        want: "option 'pagination.maxSize' must be a positive integer; got 0",
      },
    ],
    [
      'pagination.maxSize 2.5',
      {
        given: { pagination: { maxSize: 2.5 } },
        want: "option 'pagination.maxSize' must be a positive integer; got 2.5",
      },
    ],
    [
      'pagination.maxSize as text',
      {
        given: { pagination: { maxSize: '50' as unknown as number } },
        want: "option 'pagination.maxSize' must be a positive integer; got '50'",
      },
    ],
    [
      'pagination.max',
      {
        given: { pagination: { max: 50 } as AppOptions['pagination'] },
        want: "option 'pagination.max' must be one of maxSize; got 'max'",
      },
    ],
    [
      'pagination a number',
      {
        given: { pagination: 50 as unknown as AppOptions['pagination'] },
        want: "option 'pagination' must be an object such as { maxSize: 100 }; got 50",
      },
    ],
    [
      'headersTimeoutMs 0',
      {
        given: { headersTimeoutMs: 0 },
        want: "option 'headersTimeoutMs' must be a positive number; got 0",
      },
    ],
    [
      'receiveTimeoutMs NaN',
      {
        given: { receiveTimeoutMs: Number.NaN },
        want: "option 'receiveTimeoutMs' must be a positive number; got NaN",
      },
    ],
    [
      'keepAliveTimeoutMs -1',
      {
        given: { keepAliveTimeoutMs: -1 },
        want: "option 'keepAliveTimeoutMs' must be a positive number; got -1",
      },
    ],
    [
      'a provider that is not an instance',
      {
        given: { providers: [null as unknown as object] },
        want: "option 'providers' must be an array of instances; got null",
      },
    ],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    const err = startUpError({ bindings: bindingsOf(), ...given });
    expect([err.code, err.message]).toEqual(['FW_ERR_INVALID_OPTION', `createApp ${want}`]);
  });
});
