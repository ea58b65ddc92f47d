/** Every kind of property a JSON body cannot hold. */
export interface Bad {
  big: 10n;
  sym: symbol;
  callback: () => void;
  method(): void;
  lookup: Map<string, number>;
  set: Set<string>;
  promise: Promise<string>;
  bytes: Uint8Array;
  template: `id-${string}`;
  branded: string & { readonly brand: 'Id' };
  byNumber: { [n: number]: string };
  mixed: { a: string; [k: string]: string };
  holes: (string | undefined)[];
  restFirst: [...string[], number];
  loose: object;
  nested: { deep: { id: symbol } };
  items: { sku: symbol }[];
  tree: Tree<string>;
  nothing: never;
  ok: string;
}

interface Tree<T> {
  value: T;
  kids: Tree<T>[];
}

/** A class with behaviour. */
export class WithMethods {
  name = '';

  greet(): string {
    return this.name;
  }

  get upper(): string {
    return this.name.toUpperCase();
  }
}

/** Referenced from two places; its problem is reported once. */
export interface Shared {
  bad: symbol;
}

/** Uses Shared twice. */
export interface UsesShared {
  one: Shared;
  two: Shared[];
}
