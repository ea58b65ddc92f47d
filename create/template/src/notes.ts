import { Controller, Get, HttpError, Post, reply } from 'fw';
import type { Context } from 'fw/context';
import { publishEvents } from 'fw/publish';
import type { NoteCreated } from './events.js';
import type { NoteStore } from './store.js';

/** The body of `POST /notes`: fw validates each request against this type, from the bindings. */
export interface CreateNote {
  text: string;
}

@Controller('/notes')
export class NotesController {
  readonly #store: NoteStore;

  constructor(store: NoteStore) {
    this.#store = store;
  }

  @Get('/')
  list() {
    return this.#store.list();
  }

  /** `id` is the path key, parsed as an integer: `/notes/abc` is answered 400. */
  @Get('/:id')
  get(id: number) {
    const note = this.#store.find(id);
    if (note === undefined) throw new HttpError(404, `No note ${id}`);
    return note;
  }

  /** Creates a note and publishes `note.created`, which `NoteEvents` consumes. */
  @Post('/')
  create(body: CreateNote, ctx: Context) {
    const note = this.#store.add(body.text);
    const event: NoteCreated = { name: 'note.created', occurredAt: new Date(), ...note };
    publishEvents(ctx, event);
    return reply(note, { status: 201, headers: { Location: `/notes/${note.id}` } });
  }
}
