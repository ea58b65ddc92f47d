// A decorator written without its parentheses compiles under tsx, esbuild and Vitest, which do
// not type-check: fwgen is where the app learns of it, with the place and the call to write.
import { describe, expect, it } from 'vitest';
import { analyzeApp } from './support.js';

const NOTES = `import { Controller, EventConsumer, Get, OnEvent, OnMessage, Post, UseInterceptors, WebSocketGateway } from 'fw';

export class Audit {}

@Controller
export class NotesController {
  @Get
  list(): string[] {
    return [];
  }

  @Post('/')
  @UseInterceptors
  add(): void {}

  @Get('/called')
  @UseInterceptors(Audit)
  called(): void {}
}

@EventConsumer
export class NoteEvents {
  @OnEvent
  created(): void {}
}

@WebSocketGateway
export class NoteFeed {
  @OnMessage
  message(): void {}
}
`;

/** fwgen's diagnostics for NOTES, as `file:line:column code message`. */
function diagnose(experimentalDecorators: boolean): string[] {
  const { diagnostics } = analyzeApp({ 'notes.ts': NOTES }, experimentalDecorators);
  return diagnostics.map((d) => `${d.at.file}:${d.at.line}:${d.at.column} ${d.code} ${d.message}`);
}

// What the message says a bare decorator does is what runtime/app/decorators.ts does with one.
const fix = (what: string, kept: 'class' | 'method', call: string) =>
  `${what} is not called: fw's decorators are factories, and one applied bare declares nothing and leaves the ${kept} as it was; call it: \`${call}\``;

describe('fwgen on decorators applied bare', () => {
  const expected = [
    `app/notes.ts:5:1 FW0109 ${fix('@Controller on class NotesController', 'class', "@Controller('/notes')")}`,
    `app/notes.ts:7:3 FW0109 ${fix('@Get on NotesController.list', 'method', '@Get()')}`,
    `app/notes.ts:13:3 FW0109 ${fix('@UseInterceptors on NotesController.add', 'method', '@UseInterceptors(AuthInterceptor)')}`,
    `app/notes.ts:21:1 FW0109 ${fix('@EventConsumer on class NoteEvents', 'class', '@EventConsumer()')}`,
    `app/notes.ts:23:3 FW0109 ${fix('@OnEvent on NoteEvents.created', 'method', "@OnEvent('order.created')")}`,
    `app/notes.ts:27:1 FW0109 ${fix('@WebSocketGateway on class NoteFeed', 'class', "@WebSocketGateway('/ws')")}`,
    `app/notes.ts:29:3 FW0109 ${fix('@OnMessage on NoteFeed.message', 'method', '@OnMessage()')}`,
  ];

  // Each bare use once, at its own place, and nothing else: no "has no event name" besides.
  it('reports each one with FW0109, its place and the call to write (TC39)', () => {
    expect(diagnose(false)).toEqual(expected);
  });

  it('reports the same under experimentalDecorators', () => {
    expect(diagnose(true)).toEqual(expected);
  });

  // A bare route decorator declares no route: no duplicate of the controller's root route, and no
  // parameter that names no key of it, besides the one error for the typo.
  it('gives one error for a bare @Get beside another route, with a route-key parameter', () => {
    const source = `import { Controller, Get } from 'fw';

@Controller('/notes')
export class NotesController {
  @Get()
  list(): string[] {
    return [];
  }

  @Get
  get(id: number): string {
    return String(id);
  }
}
`;
    const { diagnostics } = analyzeApp({ 'notes.ts': source }, false);
    expect(diagnostics.map((d) => `${d.at.line}:${d.at.column} ${d.code} ${d.message}`)).toEqual([
      `10:3 FW0109 ${fix('@Get on NotesController.get', 'method', '@Get()')}`,
    ]);
  });

  it('says what a bare @UseInterceptors on a class does under experimentalDecorators', () => {
    const source = `import { Controller, Get, UseInterceptors } from 'fw';

@Controller('/notes')
@UseInterceptors
export class NotesController {
  @Get()
  list(): string[] {
    return [];
  }
}
`;
    const { diagnostics } = analyzeApp({ 'notes.ts': source }, true);
    expect(diagnostics.map((d) => `${d.code} ${d.message}`)).toEqual([
      "FW0109 @UseInterceptors on class NotesController is not called: fw's decorators are factories, and one applied bare declares nothing and leaves the class as it was, or under experimentalDecorators replaces it with one that throws when constructed; call it: `@UseInterceptors(AuthInterceptor)`",
    ]);
  });
});
