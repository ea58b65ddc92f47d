// The import block: specifiers relative to the out file, its fixed order, merging and aliases.
import { describe, expect, it } from 'vitest';
import { specifier } from '../../../cli/emit/imports.js';
import { render } from '../../../cli/emit/render.js';
import type { AppModel, ImportRef } from '../../../cli/ir.js';
import {
  app,
  controller,
  fileRef,
  handler,
  named,
  object,
  packageRef,
  param,
  s,
} from './builder.js';

/** The import statements of the module rendered at `out`. */
const importsOf = (model: AppModel, out = 'src/bindings.ts'): string[] =>
  (render(model, out).split('\n\n')[0] ?? '').match(/^import[^;]*;$/gm) ?? [];

/** The `type:` of each controller, in order. */
const typesOf = (model: AppModel): string[] =>
  [...render(model, 'src/bindings.ts').matchAll(/^ {6}type: (\w+),$/gm)].map((m) => m[1] as string);

const body = (id: string) =>
  handler('create', 'POST', '/', [param(0, 'body', id, { validate: id })]);

describe('import specifiers', () => {
  it.each<[string, { given: [ImportRef, string]; want: string }]>([
    [
      'same folder',
      { given: [fileRef('src/users.ts', 'U'), 'src/bindings.ts'], want: './users.js' },
    ],
    [
      'out one level deeper',
      { given: [fileRef('src/users.ts', 'U'), 'src/gen/bindings.ts'], want: '../users.js' },
    ],
    [
      'out two levels deeper, another branch',
      {
        given: [fileRef('src/auth/guard.ts', 'G'), 'src/gen/deep/bindings.ts'],
        want: '../../auth/guard.js',
      },
    ],
    ['out at the root', { given: [fileRef('src/a.ts', 'A'), 'bindings.ts'], want: './src/a.js' }],
    [
      'module deeper',
      { given: [fileRef('src/a/b/c.ts', 'C'), 'src/bindings.ts'], want: './a/b/c.js' },
    ],
    ['.tsx', { given: [fileRef('src/view.tsx', 'V'), 'src/bindings.ts'], want: './view.js' }],
    ['.mts', { given: [fileRef('src/esm.mts', 'E'), 'src/bindings.ts'], want: './esm.mjs' }],
    ['.cts', { given: [fileRef('src/cjs.cts', 'C'), 'src/bindings.ts'], want: './cjs.cjs' }],
    ['.d.ts', { given: [fileRef('src/decl.d.ts', 'D'), 'src/bindings.ts'], want: './decl.js' }],
    ['.js kept', { given: [fileRef('src/plain.js', 'P'), 'src/bindings.ts'], want: './plain.js' }],
    [
      'out written ./src',
      { given: [fileRef('src/users.ts', 'U'), './src/gen/bindings.ts'], want: '../users.js' },
    ],
    [
      'out with backslashes',
      { given: [fileRef('src/users.ts', 'U'), 'src\\gen\\bindings.ts'], want: '../users.js' },
    ],
    [
      'a package as is',
      { given: [packageRef('@acme/auth', 'Guard'), 'src/gen/bindings.ts'], want: '@acme/auth' },
    ],
  ])('%s', (_name, { given, want }) => {
    expect(specifier(...given)).toBe(want);
  });

  it('refuses an out file outside the project', () => {
    expect(() => specifier(fileRef('src/a.ts', 'A'), '../elsewhere/bindings.ts')).toThrow(
      'fwgen: cannot import src/a.ts from ../elsewhere/bindings.ts: the out file is outside the project',
    );
  });
});

describe('import statements', () => {
  it('imports only fw when there is nothing to validate', () => {
    expect(importsOf(app([controller('A', 'src/a.ts')]))).toEqual([
      "import { type Bindings, defineController } from 'fw';",
      "import { A } from './a.js';",
    ]);
  });

  it('imports from fw/validate only the helpers the validators use', () => {
    const model = app(
      [controller('A', 'src/a.ts', [body('src/a#In')])],
      [named('src/a#In', object({ n: s.number }))],
    );
    expect(importsOf(model)).toEqual([
      "import { type AnswerOf, type At, type Bindings, type Compared, type Fresh, defineController } from 'fw';",
      "import { type Issues, type Key, fail, isObject, number, prefix, validator } from 'fw/validate';",
      "import { A } from './a.js';",
    ]);
  });

  it('merges the classes of one module; packages, then paths, then names, in code-unit order', () => {
    const model = app([
      controller(
        'Users',
        'src/users.ts',
        [handler('get', 'GET', '/', [], { interceptors: [fileRef('src/users.ts', 'audit')] })],
        {
          interceptors: [packageRef('@acme/auth', 'Guard'), fileRef('src/auth/guard.ts', 'Local')],
        },
      ),
      controller('Admin', 'src/users.ts', [], {
        interceptors: [packageRef('zeta', 'Z'), packageRef('@acme/auth', 'Audit')],
      }),
    ]);
    expect(importsOf(model, 'src/gen/bindings.ts')).toEqual([
      "import { Audit, Guard } from '@acme/auth';",
      "import { type Bindings, defineController } from 'fw';",
      "import { Z } from 'zeta';",
      "import { Local } from '../auth/guard.js';",
      "import { Admin, Users, audit } from '../users.js';",
    ]);
  });

  it('writes a statement on one line, however long: the file is not laid out by width', () => {
    const names = [
      'FirstLongControllerName',
      'SecondLongControllerName',
      'ThirdLongControllerName',
    ];
    const model = app(names.map((n) => controller(n, 'src/controllers.ts')));
    expect(importsOf(model)[1]).toBe(
      "import { FirstLongControllerName, SecondLongControllerName, ThirdLongControllerName } from './controllers.js';",
    );
  });
});

describe('import aliases', () => {
  const a = controller('UserController', 'src/a/users.ts');
  const b = controller('UserController', 'src/b/users.ts');

  it('aliases a class whose name another class has, in module order', () => {
    const model = app([b, a]);
    expect(importsOf(model).slice(1)).toEqual([
      "import { UserController } from './a/users.js';",
      "import { UserController as UserController_2 } from './b/users.js';",
    ]);
    expect(typesOf(model)).toEqual(['UserController', 'UserController_2']);
    expect(render(model, 'src/bindings.ts').match(/name: 'UserController',/g)).toHaveLength(2);
  });

  it('skips an alias another class already has as its name', () => {
    const model = app([a, b, controller('UserController_2', 'src/c/users.ts')]);
    expect(typesOf(model)).toEqual(['UserController', 'UserController_3', 'UserController_2']);
  });

  it('aliases a class named like fw, a helper, a checker or a validator', () => {
    const model = app(
      [
        controller('Bindings', 'src/a.ts', [body('src/a#Thing')]),
        controller('checkThing', 'src/a.ts'),
        controller('defineController', 'src/a.ts'),
        controller('string', 'src/a.ts'),
        controller('validateThing', 'src/a.ts'),
      ],
      [named('src/a#Thing', object({ n: s.string }))],
    );
    expect(importsOf(model)[2]).toBe(
      'import { ' +
        [
          'Bindings as Bindings_2',
          'checkThing as checkThing_2',
          'defineController as defineController_2',
          'string as string_2',
          'validateThing as validateThing_2',
        ].join(', ') +
        " } from './a.js';",
    );
  });
});
