import type { Colour, Level } from './enums.js';

export type Size = 'S' | 'M' | 'L';

export interface Address {
  street: string;
  city: string;
  zip?: string;
}

/** Recursive: a category holds categories. */
export interface Category {
  name: string;
  children: Category[];
  parent?: Category | null;
}

/** Mutually recursive with TreeB. */
export interface TreeA {
  b?: TreeB;
}

/** Mutually recursive with TreeA. */
export interface TreeB {
  a: TreeA[];
}

/** A class with only properties. */
export class Dimensions {
  width = 0;
  height?: number;
  readonly #cache = 0;
  protected hidden = this.#cache;
  static unit = 'cm';
}

interface Audited {
  createdBy: string;
}

interface Box<T> {
  value: T;
  items: T[];
}

export type Draft = Partial<Pick<Address, 'street' | 'city'>>;

export type Summary = Omit<Address, 'zip'>;

export type Located = Address & { lat: number; lng: number };

export interface Product extends Audited {
  name: string;
  price: number;
  inStock: boolean;
  colour: Colour;
  level: Level;
  size: Size;
  rating: 1 | 2 | 3;
  discontinued: false;
  note: string | null;
  mixed: string | number | boolean;
  first: 'a';
  order: 'b' | 'a';
  tags: string[];
  frozen: readonly string[];
  matrix: number[][];
  pair: [string, number];
  address: Address;
  ships?: Address[];
  labels: Record<string, string>;
  index: { [key: string]: number };
  releasedAt: Date;
  balance: bigint;
  serial: bigint | null;
  category: Category;
  dimensions: Dimensions;
  draft: Draft;
  summary: Summary;
  located: Located;
  extra: unknown;
  inline: { sku: string; qty?: number };
  either: Address | Category;
  maybe: string | undefined;
  boxed: Box<Address>;
  readonly meta?: Readonly<Record<string, number>>;
  tree: TreeA;
}

export type Patch = Partial<Pick<Product, 'name' | 'address'>> & { reason: string };

export type Shipment = Address | Category;
