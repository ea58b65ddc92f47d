/** A note. */
export interface Note {
  text: string;
}

/** A generic wrapper. */
export interface Box<T> {
  value: T;
}

/** Not exported by name. */
interface Secret {
  text: string;
}

export type { Secret as Hidden };
