/** A class declared but not exported. */
class Hidden {}

/** Something that is not a class. */
export const notAClass = { value: 1 };

/** Keeps Hidden used. */
export function makeHidden(): object {
  return new Hidden();
}

/** Exported under another name only. */
class Renamed {}

export { Renamed as Other };
