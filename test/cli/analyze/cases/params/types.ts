/** A note, as a client sends it. */
export interface Note {
  text: string;
}

/** A named primitive: still a primitive. */
export type NoteId = string;
