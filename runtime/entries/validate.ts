/** `fw/validate`: the leaf checks and plumbing that fwgen's generated validators call. */
export {
  array,
  bigint,
  boolean,
  type Checker,
  date,
  fail,
  fewest,
  type Int,
  type Issues,
  isObject,
  type Key,
  number,
  own,
  prefix,
  put,
  record,
  string,
  unknown,
  validator,
} from '../core/validate/checks.js';
export {
  chars,
  formats,
  multipleOf,
  type StringFormat,
  unique,
} from '../core/validate/constraints.js';
