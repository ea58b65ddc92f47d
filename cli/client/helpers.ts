/**
 * The helpers a generated client's readers call, each copied in (by its region) only when one of
 * the client's readers calls it.
 */

/** A reader, as `runner.ts` names it inside the region it shares. */
type _Read = (value: unknown) => unknown;

// #region date
function _date(value: unknown): unknown {
  return typeof value === 'string' ? new Date(value) : value;
}
// #endregion

// #region bigint
function _bigint(value: unknown): unknown {
  return typeof value === 'string' || typeof value === 'number' ? BigInt(value) : value;
}
// #endregion

// #region array
function _array(value: unknown, read: _Read): unknown {
  return Array.isArray(value) ? value.map((v) => read(v)) : value;
}
// #endregion

// #region record
function _record(value: unknown, read: _Read): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const o = value as Record<string, unknown>;
  for (const key of Object.keys(o)) o[key] = read(o[key]);
  return o;
}
// #endregion
