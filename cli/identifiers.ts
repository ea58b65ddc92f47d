/**
 * Identifiers derived from type names, shared by the analyzer (the fix text of a diagnostic) and
 * the emitter (the generated graph's local names), so that neither imports the other.
 */

/** `UserStore` → `userStore`, `Repo<User>` → `repoUser`: a local name for an instance of a type. */
export function variableName(typeName: string): string {
  const words = typeName.split(/[^A-Za-z0-9_$]+/).filter((w) => w !== '');
  const joined = words.map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1))).join('');
  const name = joined === '' ? 'instance' : joined[0]!.toLowerCase() + joined.slice(1);
  if (/^[0-9]/.test(name)) return `_${name}`;
  return RESERVED.has(name) ? `${name}_` : name;
}

/** Words a `const` cannot be named. */
const RESERVED = new Set([
  ...['await', 'break', 'case', 'catch', 'class', 'const', 'continue', 'debugger', 'default'],
  ...['delete', 'do', 'else', 'enum', 'export', 'extends', 'false', 'finally', 'for', 'function'],
  ...['if', 'import', 'in', 'instanceof', 'let', 'new', 'null', 'return', 'static', 'super'],
  ...['switch', 'this', 'throw', 'true', 'try', 'typeof', 'var', 'void', 'while', 'with', 'yield'],
  ...['undefined', 'arguments', 'eval', 'implements', 'interface', 'package', 'private'],
  ...['protected', 'public'],
]);
