/** `fw/serialize`: the leaf writers and plumbing that fwgen's generated response writers call. */
export {
  first,
  isJsonObject,
  json,
  member,
  object,
  own,
  type Writer,
  writeArray,
  writeBoolean,
  writeNumber,
  writeString,
} from '../core/serialize/writers.js';
