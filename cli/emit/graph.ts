/**
 * The object graph as code: one `build` function of straight-line construction, one `const` per
 * instance in dependency order (typed by what its constructor or provider returns, so a stale
 * graph fails `tsc`), and the data the runtime prunes and looks up by (`keys`, `needs`, `roots`),
 * with each key's name as the source writes it (`names`: a provider's function has none of its own).
 */
import type { ImportRef, InstanceModel } from '../ir.js';
import { fits, list, quote } from './layout.js';
import { variableName } from '../identifiers.js';
import type { Names } from './names.js';

/** What the template prints for the graph. */
export interface GraphView {
  /** `function build(make: Make): readonly unknown[] {` or its `async` form. */
  readonly signature: string;
  /** The statements of `build`, each laid out for column 2. */
  readonly body: readonly string[];
  /** The fields of the `graph` object, laid out for column 4. */
  readonly fields: readonly string[];
}

/** The graph's view, with its instances' names claimed in `names` after every import's. */
export function buildGraphView(
  instances: readonly InstanceModel[],
  local: (ref: ImportRef) => string,
  names: Names,
): GraphView {
  const index = new Map(instances.map((n, i) => [n.id, i]));
  const consts = instances.map((n) => names.claim(variableName(n.name)));
  const at = (id: string): number => {
    const i = index.get(id);
    if (i === undefined) throw new Error(`fwgen: the graph needs ${id} before it is built`);
    return i;
  };
  const isAsync = instances.some((n) => n.create.kind === 'provider' && n.create.async);
  const body = instances.map((n, i) => {
    const given = n.args.map((id) => (id === null ? 'undefined' : consts[at(id)]!));
    // Trailing `undefined`s are left out: optional parameters nothing provides.
    let end = given.length;
    while (end > 0 && given[end - 1] === 'undefined') end--;
    const args = given.slice(0, end);
    const callee = local(n.create.ref);
    const awaits = n.create.kind === 'provider' && n.create.async;
    return instanceLine(`const ${consts[i]} = ${awaits ? 'await ' : ''}make(`, i, n, callee, args);
  });
  body.push(`${list(2, 'return ', '[', consts, ';')};`);
  const needs = instances.map((n) =>
    list(
      6,
      '',
      '[',
      n.args.flatMap((id) => (id === null ? [] : [String(at(id))])),
      ',',
    ),
  );
  const roots = instances.flatMap((n, i) => (n.root ? [String(i)] : []));
  const keys = instances.map((n) => local(n.create.ref));
  const labels = instances.map((n) => quote(n.create.ref.name));
  return {
    signature: isAsync
      ? 'async function build(make: Make): Promise<readonly unknown[]> {'
      : 'function build(make: Make): readonly unknown[] {',
    body,
    fields: [
      `keys: ${list(4, 'keys: ', '[', keys, ',').slice(6)},`,
      `names: ${list(4, 'names: ', '[', labels, ',').slice(7)},`,
      `needs: ${list(4, 'needs: ', '[', needs, ',').slice(7)},`,
      `roots: ${list(4, 'roots: ', '[', roots, ',').slice(7)},`,
      ...(isAsync ? ['async: true,'] : []),
      'build,',
    ],
  };
}

/**
 * `const x = make(i, () => new X(a, b));` laid out as Biome prints it: a call is hugged after
 * `() =>`, a `new` moves the arguments of `make` onto their own lines.
 */
function instanceLine(
  head: string,
  i: number,
  n: InstanceModel,
  callee: string,
  args: readonly string[],
): string {
  const created = n.create.kind === 'class' ? `new ${callee}` : callee;
  const flat = `${head}${i}, () => ${created}(${args.join(', ')}));`;
  if (fits(2, flat)) return flat;
  if (n.create.kind === 'provider') {
    return `${head}${i}, () =>\n    ${list(4, created, '(', args, ',')},\n  );`;
  }
  const arrow = `() => ${created}(${args.join(', ')})`;
  const factory = fits(4, `${arrow},`) ? arrow : `() =>\n      ${list(6, created, '(', args, ',')}`;
  return `${head}\n    ${i},\n    ${factory},\n  );`;
}
