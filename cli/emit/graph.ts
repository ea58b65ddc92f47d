/**
 * The object graph as code: one `buildGraph` function that registers each instance on one line,
 * in dependency order, as `root` (what the app must have) or `make` (what that is built from),
 * with the factory that makes it from the getters of the instances before it. Each getter is
 * named after its type, so a new instance adds one line and changes only the lines that use it;
 * an async provider changes no other line, since the runtime awaits it before anything is made
 * from it. Factories call constructors and providers with their own types, so a stale graph
 * fails `tsc`.
 */
import { variableName } from '../identifiers.js';
import type { ImportRef, InstanceModel } from '../ir.js';
import type { Names } from './names.js';
import type { GraphView, InstanceView } from './view.js';

/** The graph's view, with its getters' names claimed in `names` after every import's. */
export function buildGraphView(
  instances: readonly InstanceModel[],
  local: (ref: ImportRef) => string,
  names: Names,
): GraphView {
  const getters = new Map<string, string>();
  const used = new Set(instances.flatMap((n) => n.args));
  const views = instances.map((n): InstanceView => {
    const getter = names.claim(variableName(n.name));
    const args = n.args.map((id) => {
      if (id === null) return 'undefined';
      const arg = getters.get(id);
      if (arg === undefined) throw new Error(`fwgen: the graph needs ${id} before it is made`);
      return `${arg}()`;
    });
    // Trailing `undefined`s are left out: optional parameters nothing provides.
    while (args.at(-1) === 'undefined') args.pop();
    getters.set(n.id, getter);
    const callee = local(n.create.ref);
    const provider = n.create.kind === 'provider';
    return {
      named: used.has(n.id),
      variable: getter,
      register: n.root ? 'root' : 'make',
      key: callee,
      create: provider ? callee : `new ${callee}`,
      args: args.join(', '),
      hasName: provider,
      name: provider ? `'${n.create.ref.name}'` : '',
    };
  });
  const isAsync = instances.some((n) => n.create.kind === 'provider' && n.create.async);
  return {
    builders: views.some((v) => v.register === 'make') ? 'make, root' : 'root',
    isAsync,
    instances: views,
  };
}
