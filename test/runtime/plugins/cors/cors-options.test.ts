// cors() checks every option when it is called: FW_ERR_INVALID_OPTION naming cors.<option>, with
// what it expected and what it got; '*' with credentials is refused.
import type { FwError } from 'fw';
import { type CorsOptions, cors } from 'fw/cors';
import { describe, expect, it } from 'vitest';
import { thrown } from '../../../http/support.js';

const APP = ['https://app.example.com'];

describe('cors() options', () => {
  it.each<[string, unknown, string, string, string]>([
    [
      "'*' with credentials",
      { origins: '*', credentials: true },
      'origins',
      "a list of origins or a function when credentials is true (browsers refuse '*' with " +
        'credentials, and answering every origin would let any site act as the user)',
      "'*'",
    ],
    ['no options', undefined, '', 'an object with origins', 'undefined'],
    ['no origins', {}, 'origins', "a non-empty list of origins, '*' or a function", 'undefined'],
    [
      'an empty array',
      { origins: [] },
      'origins',
      "a non-empty list of origins, '*' or a function",
      'an empty array',
    ],
    [
      "'*' in a list",
      { origins: ['*'] },
      'origins',
      "a list without '*' (use origins: '*')",
      "'*'",
    ],
    [
      'an origin with a path',
      { origins: ['https://app.example.com/'] },
      'origins',
      "origins such as 'https://app.example.com' (no path)",
      "'https://app.example.com/'",
    ],
    [
      'a host without a scheme',
      { origins: ['app.example.com'] },
      'origins',
      "origins such as 'https://app.example.com' (no path)",
      "'app.example.com'",
    ],
    [
      'an origin that is not a string',
      { origins: [42] },
      'origins',
      "origins such as 'https://app.example.com' (no path)",
      '42',
    ],
    [
      'one origin as a string',
      { origins: 'https://app.example.com' },
      'origins',
      "a non-empty list of origins, '*' or a function",
      "'https://app.example.com'",
    ],
    [
      'a method that is no token',
      { origins: APP, methods: ['GET POST'] },
      'methods',
      "a list of names (HTTP tokens, not '*')",
      "'GET POST'",
    ],
    [
      'methods that are no list',
      { origins: APP, methods: 'GET' },
      'methods',
      'a list of names',
      "'GET'",
    ],
    [
      "'*' in allowHeaders",
      { origins: APP, allowHeaders: ['*'] },
      'allowHeaders',
      "a list of names (HTTP tokens, not '*')",
      "'*'",
    ],
    [
      'a header with a newline',
      { origins: APP, exposeHeaders: ['X-A\r\nX-B'] },
      'exposeHeaders',
      "a list of names (HTTP tokens, not '*')",
      "'X-A\\r\\nX-B'",
    ],
    [
      'credentials that are no boolean',
      { origins: APP, credentials: 'yes' },
      'credentials',
      'true or false',
      "'yes'",
    ],
    [
      'a negative maxAge',
      { origins: APP, maxAge: -1 },
      'maxAge',
      'a whole number of seconds, 0 or more',
      '-1',
    ],
    [
      'a fractional maxAge',
      { origins: APP, maxAge: 0.5 },
      'maxAge',
      'a whole number of seconds, 0 or more',
      '0.5',
    ],
    [
      'an unknown option',
      { origins: APP, origin: 'x' },
      'origin',
      'one of origins, methods, allowHeaders, exposeHeaders, credentials, maxAge',
      "'origin'",
    ],
  ])('refuses %s', (_name, options, option, expected, got) => {
    const err = thrown(() => cors(options as CorsOptions)) as FwError;
    const name = option === '' ? 'cors' : `cors.${option}`;
    expect([err.code, err.message]).toEqual([
      'FW_ERR_INVALID_OPTION',
      `createApp option '${name}' must be ${expected}; got ${got}`,
    ]);
  });

  it.each<[string, CorsOptions]>([
    ['a list', { origins: APP }],
    ['a list in another case, with a default port', { origins: ['HTTPS://App.Example.com:443'] }],
    ["'*' without credentials", { origins: '*' }],
    ['a function with credentials', { origins: () => true, credentials: true }],
    [
      'every option',
      {
        origins: APP,
        methods: ['GET', 'PURGE'],
        allowHeaders: [],
        exposeHeaders: ['X-Total'],
        credentials: false,
        maxAge: 0,
      },
    ],
  ])('takes %s', (_name, options) => {
    expect(typeof cors(options).preHandle).toBe('function');
  });
});
