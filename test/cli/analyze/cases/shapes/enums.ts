// @ts-nocheck: enums are not erasable syntax, which this repository's tsconfig requires
/** A string enum. */
export enum Colour {
  Red = 'red',
  Green = 'green',
}

/** A numeric enum. */
export enum Level {
  Low,
  High,
}
