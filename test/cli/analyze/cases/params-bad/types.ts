/** A note. */
export interface Note {
  text: string;
}

/** A generic alias of an array: a list has no name of its own, whatever it holds. */
export type Listed<T> = T[];

/** Not exported by name. */
interface Secret {
  text: string;
}

export type { Secret as Hidden };
