// A decorator written without its parentheses (`@Get` for `@Get()`) is what tsx, esbuild and
// Vitest compile without a word: only tsc type-checks it. Each case here is compiled by
// TypeScript's own emitter in both decorator modes and run, as those tools would run it.
import * as fw from 'fw';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SOURCE = `
import { Controller, EventConsumer, Get, OnEvent, OnMessage, Post, UseInterceptors, WebSocketGateway } from 'fw';

@Controller
export class NotesController {
  @Get
  list() {
    return ['still a method'];
  }

  @Post
  @UseInterceptors
  add(text) {
    return 'added ' + text;
  }
}

@EventConsumer
export class NoteEvents {
  @OnEvent
  created(name) {
    return 'consumed ' + name;
  }
}

@WebSocketGateway
export class NoteFeed {
  @OnMessage
  message(text) {
    return 'echo ' + text;
  }
}
`;

type Mode = 'TC39' | 'experimentalDecorators';

/** Compiles `source` as a tool that does not type-check would, and runs it against fw. */
function run(source: string, mode: Mode): Record<string, new () => Record<string, unknown>> {
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.CommonJS,
      experimentalDecorators: mode === 'experimentalDecorators',
    },
  });
  const exports: Record<string, new () => Record<string, unknown>> = {};
  const load = (id: string) => {
    if (id !== 'fw') throw new Error(`unexpected import ${id}`);
    return fw;
  };
  new Function('require', 'exports', outputText)(load, exports);
  return exports;
}

const MODES: Mode[] = ['TC39', 'experimentalDecorators'];

describe('a decorator applied bare', () => {
  it.each(MODES)('leaves every class and method as it was (%s)', (mode) => {
    const { NotesController, NoteEvents, NoteFeed } = run(SOURCE, mode);
    const notes = new NotesController!() as unknown as {
      list(): string[];
      add(text: string): string;
    };
    expect([NotesController!.name, notes.list(), notes.add('milk')]).toEqual([
      'NotesController',
      ['still a method'],
      'added milk',
    ]);
    const events = new NoteEvents!() as unknown as { created(name: string): string };
    const feed = new NoteFeed!() as unknown as { message(text: string): string };
    expect([events.created('n1'), feed.message('hi')]).toEqual(['consumed n1', 'echo hi']);
  });

  it('a bare @UseInterceptors on a class under TC39 leaves it as it was', () => {
    const source = `import { UseInterceptors } from 'fw';
      @UseInterceptors
      export class Guarded { read() { return 'read'; } }`;
    const { Guarded } = run(source, 'TC39');
    expect((new Guarded!() as unknown as { read(): string }).read()).toBe('read');
  });

  // UseInterceptors(SomeClass) and a bare @UseInterceptors on a class look the same to legacy
  // decorators: the class is replaced, and constructing it says what to write instead.
  it('a bare @UseInterceptors on a class under experimentalDecorators fails at construction, naming the fix', () => {
    const source = `import { UseInterceptors } from 'fw';
      @UseInterceptors
      export class Guarded { read() { return 'read'; } }`;
    const { Guarded } = run(source, 'experimentalDecorators');
    expect(() => new Guarded!()).toThrow(
      /applied without its parentheses.*call it: `@UseInterceptors\(AuthInterceptor\)`.*FW0109/,
    );
  });

  it.each(MODES)('called, the same decorators still leave everything as it was (%s)', (mode) => {
    const called = SOURCE.replace(/@(\w+)\n/g, (_m, name: string) => {
      const arg = { Controller: "'/notes'", OnEvent: "'note.created'", WebSocketGateway: "'/ws'" };
      return `@${name}(${arg[name as keyof typeof arg] ?? ''})\n`;
    });
    expect(called).not.toMatch(/@\w+\n/);
    const { NotesController } = run(called, mode);
    const notes = new NotesController!() as unknown as { list(): string[] };
    expect(notes.list()).toEqual(['still a method']);
  });
});
