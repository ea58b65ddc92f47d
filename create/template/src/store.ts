import type { AppConfig } from './config.js';

/** A note as the API answers it. */
export interface Note {
  readonly id: number;
  readonly text: string;
}

/** The notes, in memory. fwgen wires it into every constructor that asks for a `NoteStore`. */
export class NoteStore {
  readonly #notes = new Map<number, Note>();

  constructor(config: AppConfig) {
    this.add(config.firstNote);
  }

  add(text: string): Note {
    const note: Note = { id: this.#notes.size + 1, text };
    this.#notes.set(note.id, note);
    return note;
  }

  find(id: number): Note | undefined {
    return this.#notes.get(id);
  }

  list(): Note[] {
    return [...this.#notes.values()];
  }
}

/** What the event consumer recorded, newest last. */
export class Activity {
  readonly entries: string[] = [];

  record(entry: string): void {
    this.entries.push(entry);
  }
}
