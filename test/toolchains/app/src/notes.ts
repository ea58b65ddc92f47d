import { Controller, Get, HttpError, Post, reply } from 'fw';
import type { Context } from 'fw/context';

/** The body of `POST /notes`. */
export interface CreateNote {
  text: string;
}

/** A user's controller, as a new app writes it: a read, a create, a 404 and a failure. */
@Controller('/notes')
export class NotesController {
  readonly #notes = new Map<number, string>([[1, 'hello']]);

  @Get('/:id')
  get(id: number) {
    const text = this.#notes.get(id);
    if (text === undefined) throw new HttpError(404, `No note ${id}`);
    return { id, text };
  }

  @Post('/')
  create(body: CreateNote, _ctx: Context) {
    const id = this.#notes.size + 1;
    this.#notes.set(id, body.text);
    return reply({ id, text: body.text }, { status: 201 });
  }

  @Get('/failing/now')
  failing(): string {
    throw new Error('the database is down');
  }
}
