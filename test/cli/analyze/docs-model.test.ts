// What the analyzer reads for the API documents: JSDoc, each handler's answers with their
// statuses, readonly properties, and the events the code publishes.
import { describe, expect, it } from 'vitest';
import type { Analysis } from '../../../cli/analyzer.js';
import { analyzeApp } from './support.js';

function handler(analysis: Analysis, name: string) {
  expect(analysis.diagnostics).toEqual([]);
  const found = analysis.model.controllers.flatMap((c) => c.handlers).find((h) => h.name === name);
  if (found === undefined) throw new Error(`no handler ${name}`);
  return found;
}

const USERS = `import { Controller, Get, Post, Delete, redirect, reply, type Reply } from 'fw';

export interface User {
  /** The user's number. */
  readonly id: number;
  /**
   * Shown to other users.
   * @example "Ada"
   * @deprecated use displayName
   */
  name: string;
}

export interface NotFound { missing: number }

@Controller('/users')
export class UserController {
  /**
   * Lists the users.
   *
   * Sorted by id; the second paragraph.
   * Still the second.
   * @response 404 No such page
   * @response 429 Slow down
   * @deprecated use /people
   */
  @Get()
  list(): User[] {
    return [];
  }

  @Post()
  create(): Reply<User, 201> {
    return reply({ id: 1, name: 'Ada' }, { status: 201 });
  }

  @Get('/:id')
  async get(id: number): Promise<Reply<User, 200> | Reply<NotFound, 404>> {
    return id === 1 ? reply({ id, name: 'Ada' }, { status: 200 }) : reply({ missing: id }, { status: 404 });
  }

  @Delete('/:id')
  remove(id: number): void {
    void id;
  }

  @Get('/:id/name')
  name(id: number): string {
    return String(id);
  }

  @Get('/:id/avatar')
  avatar(id: number): Uint8Array {
    return new Uint8Array([id]);
  }

  @Get('/:id/home')
  home(id: number) {
    return redirect(\`/users/\${id}\`, 301);
  }

  @Get('/:id/maybe')
  maybe(id: number): User | undefined {
    return id === 1 ? { id, name: 'Ada' } : undefined;
  }

  @Get('/:id/flag')
  flag(id: number): Reply<boolean> {
    const status: number = 200 + (id % 2);
    return reply(id > 1, { status });
  }
}
`;

describe('what the API documents are built from', () => {
  let cached: Analysis | undefined;
  // One project for every test here; it is removed when the first test finishes, after analysis.
  const users = (): Analysis => (cached ??= analyzeApp({ 'users.ts': USERS }, false));

  it('reads a method JSDoc: summary, description, @deprecated and @response', () => {
    expect(handler(users(), 'list').doc).toEqual({
      summary: 'Lists the users.',
      description: 'Sorted by id; the second paragraph.\nStill the second.',
      deprecated: true,
      responses: [
        { status: 404, description: 'No such page' },
        { status: 429, description: 'Slow down' },
      ],
    });
    expect(handler(users(), 'create').doc).toBeUndefined();
  });

  it('reads JSDoc and readonly on the properties of an answer type', () => {
    const user = users().model.documented?.find((t) => t.name === 'User');
    expect(user?.shape).toEqual({
      kind: 'object',
      properties: [
        {
          name: 'id',
          optional: false,
          shape: { kind: 'number' },
          readonly: true,
          doc: { summary: "The user's number." },
        },
        {
          name: 'name',
          optional: false,
          shape: { kind: 'string' },
          doc: { summary: 'Shown to other users.', deprecated: true, examples: ['Ada'] },
        },
      ],
    });
  });

  it('takes each status from Reply<T, S>, 204 for nothing, and the body kind from its type', () => {
    const user = { kind: 'ref', id: 'app/users#User' };
    const answers = (name: string) => handler(users(), name).answers;
    expect(answers('list')).toEqual([
      { status: 200, body: { kind: 'json', shape: { kind: 'array', element: user } } },
    ]);
    expect(answers('create')).toEqual([{ status: 201, body: { kind: 'json', shape: user } }]);
    expect(answers('get')).toEqual([
      { status: 200, body: { kind: 'json', shape: user } },
      { status: 404, body: { kind: 'json', shape: { kind: 'ref', id: 'app/users#NotFound' } } },
    ]);
    expect(answers('remove')).toEqual([{ status: 204, body: { kind: 'none' } }]);
    expect(answers('name')).toEqual([{ status: 200, body: { kind: 'text' } }]);
    expect(answers('avatar')).toEqual([{ status: 200, body: { kind: 'bytes' } }]);
    expect(answers('home')).toEqual([{ status: 301, body: { kind: 'none' } }]);
    expect(answers('maybe')).toEqual([
      { status: 200, body: { kind: 'json', shape: user } },
      { status: 204, body: { kind: 'none' } },
    ]);
    // A status that is not a literal type is documented as 200; a boolean stays one type.
    expect(answers('flag')).toEqual([
      { status: 200, body: { kind: 'json', shape: { kind: 'boolean' } } },
    ]);
  });
});

describe('published events', () => {
  it('lists each named event type the code passes to publishEvents, by its name literal', () => {
    const analysis = analyzeApp(
      {
        'orders.ts': `import { Controller, Post } from 'fw';
import type { Context } from 'fw/context';
import { type DomainEvent, publishEvents } from 'fw/publish';
import * as events from 'fw/publish';

/** An order was placed. */
export interface OrderPlaced extends DomainEvent { readonly name: 'order.placed'; readonly id: number }
export interface OrderShipped extends DomainEvent { readonly name: 'order.shipped'; readonly id: number }

@Controller('/orders')
export class OrderController {
  @Post()
  place(ctx: Context): void {
    const placed: OrderPlaced = { name: 'order.placed', occurredAt: new Date(), id: 1 };
    publishEvents(ctx, placed);
    publishEvents(ctx, placed);
    const either = placed as OrderPlaced | OrderShipped;
    events.publishEvents(ctx, either);
    const loose: DomainEvent = placed;
    publishEvents(ctx, loose, { name: 'inline', occurredAt: new Date() });
  }
}
`,
      },
      false,
    );
    expect(analysis.diagnostics).toEqual([]);
    expect(analysis.model.published).toEqual([
      {
        name: 'order.placed',
        type: 'app/orders#OrderPlaced',
        at: { file: 'app/orders.ts', line: 15, column: 24 },
      },
      {
        name: 'order.shipped',
        type: 'app/orders#OrderShipped',
        at: { file: 'app/orders.ts', line: 18, column: 31 },
      },
    ]);
    // A published type gets a writer: it is among the response types.
    const placed = analysis.model.responses?.find((t) => t.name === 'OrderPlaced');
    expect(placed?.doc).toEqual({ summary: 'An order was placed.' });
  });
});
