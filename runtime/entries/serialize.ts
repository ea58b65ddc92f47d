/** `fw/serialize`: the leaf writers and plumbing that fwgen's generated writers call. */
export {
  first,
  isJsonObject,
  json,
  member,
  object,
  own,
  tagOf,
  type Writer,
  writeArray,
  writeBoolean,
  writeEither,
  writeNumber,
  writeOther,
  writeRecord,
  writeString,
  writeTuple,
} from '../core/serialize/writers.js';
