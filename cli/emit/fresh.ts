/**
 * The freshness proofs of a generated module: compile-time lines that fail `tsc` when a body,
 * payload or answer type no longer is the type fwgen read (see `runtime/app/fresh.ts`). Each type
 * fwgen read is printed as a type alias (`SeenCreateUser`), so recursive types print; then one
 * line per validated parameter, per written answer and per named type reached from them compares
 * the handler's declared type with what was printed. Type-only: nothing of it runs.
 * `templates/fresh.hbs` writes it down.
 */
import {
  assertNever,
  type ControllerModel,
  type ImportRef,
  type NamedType,
  type Shape,
} from '../ir.js';
import { isIdentifierName, literal, quote } from './layout.js';
import type { Names } from './names.js';
import type { FreshView } from './view.js';

/** The names of `fw` the proofs use, all type-only. */
export const FRESH_HELPERS = ['At', 'AnswerOf', 'Compared', 'Fresh'] as const;

/** Where a named type was first reached: the text of its declared type, and whether as a root. */
interface Reached {
  readonly declared: string;
  readonly root: boolean;
}

/** One compared type before the controllers' local names are known. */
interface Root {
  /** What the constant's name is made from. */
  readonly base: string;
  readonly label: string;
  readonly controller: ImportRef;
  /** The declared type, given the controller's local name. */
  readonly declared: (controller: string) => string;
  readonly shape: Shape;
}

/** The proofs of a module, names claimed; {@link FreshPlan.view} writes them once imports are planned. */
export interface FreshPlan {
  /** Whether there is anything to prove. */
  readonly empty: boolean;
  readonly view: (local: (ref: ImportRef) => string) => FreshView;
}

/**
 * Plans the proofs for the validated parameters and the written answers of `controllers` (in
 * their order), the named types looked up in `types` (body and payload types first, then answer
 * types). Names are claimed from `names`: `Seen<Name>` per printed type, `fresh<Controller>_<handler>`
 * per parameter and `…_answer` per answer, `fresh<Name>` per named type reached from them.
 */
export function planFresh(
  controllers: readonly ControllerModel[],
  types: readonly NamedType[],
  names: Names,
): FreshPlan {
  const byId = new Map<string, NamedType>();
  for (const t of types) if (!byId.has(t.id)) byId.set(t.id, t);
  const roots: Root[] = [];
  for (const c of controllers) {
    for (const h of c.handlers) {
      for (const p of h.params) {
        // A type the model lacks fails where the validator is looked up (`view-model.ts`).
        if (p.validate === undefined || !byId.has(p.validate)) continue;
        roots.push({
          base: `fresh${c.name}_${h.name}`,
          label: `${c.name}.${h.name}(${p.name})`,
          controller: c.ref,
          declared: (local) => `Parameters<${local}[${quote(h.name)}]>[${p.index}]`,
          shape: { kind: 'ref', id: p.validate },
        });
      }
      if (h.response !== undefined) {
        roots.push({
          base: `fresh${c.name}_${h.name}_answer`,
          label: `the answer of ${c.name}.${h.name}`,
          controller: c.ref,
          declared: (local) => `AnswerOf<${local}[${quote(h.name)}]>`,
          shape: h.response,
        });
      }
    }
  }
  if (roots.length === 0) return { empty: true, view: () => EMPTY };
  const constants = roots.map((r) => names.claim(r.base));
  const printer = new Printer(byId, names);
  for (const r of roots) printer.print(r.shape);
  const own = new Map(printer.order.map((id) => [id, names.claim(`fresh${printer.name(id)}`)]));
  if (printer.usesDate && !names.has('Date')) names.reserve('Date');
  return {
    empty: false,
    view: (local) => {
      const reached = new Map<string, Reached>();
      const checks = roots.map((r, i) => {
        const declared = r.declared(local(r.controller));
        // A root that is a named type is compared on its own line: its type's own line would repeat it.
        if (r.shape.kind !== 'ref') printer.walk(r.shape, declared, reached);
        else if (!reached.has(r.shape.id)) {
          reached.set(r.shape.id, { declared, root: true });
          printer.walk(printer.shapeOf(r.shape.id), declared, reached);
        }
        return check(constants[i] as string, r.label, declared, printer.print(r.shape));
      });
      for (const id of printer.order) {
        const at = reached.get(id);
        if (at === undefined || at.root) continue;
        const name = byId.get(id)?.name ?? id;
        checks.push(check(own.get(id) as string, name, at.declared, printer.alias(id)));
      }
      return { aliases: printer.aliases(), checks };
    },
  };
}

const EMPTY: FreshView = { aliases: [], checks: [] };

function check(name: string, label: string, declared: string, seen: string) {
  return { name, label: quote(label), declared, seen };
}

/** Prints shapes as TypeScript types, each named type once as an alias. */
class Printer {
  /** The named types printed, in the order first met. */
  readonly order: string[] = [];
  usesDate = false;
  readonly #types: ReadonlyMap<string, NamedType>;
  readonly #names: Names;
  readonly #aliases = new Map<string, { name: string; text: string }>();

  constructor(types: ReadonlyMap<string, NamedType>, names: Names) {
    this.#types = types;
    this.#names = names;
  }

  name(id: string): string {
    return this.#type(id).name;
  }

  shapeOf(id: string): Shape {
    return this.#type(id).shape;
  }

  alias(id: string): string {
    return (this.#aliases.get(id) as { name: string }).name;
  }

  aliases(): { name: string; type: string }[] {
    return this.order.map((id) => {
      const a = this.#aliases.get(id) as { name: string; text: string };
      return { name: a.name, type: a.text };
    });
  }

  /**
   * Records, for each named type inside `shape` not reached before, the text of its declared type
   * found from `declared` (the declared type of `shape`) through `At`.
   */
  walk(shape: Shape, declared: string, reached: Map<string, Reached>): void {
    switch (shape.kind) {
      case 'ref': {
        if (reached.has(shape.id)) return;
        reached.set(shape.id, { declared, root: false });
        this.walk(this.#type(shape.id).shape, declared, reached);
        return;
      }
      case 'array':
        this.walk(shape.element, `At<${declared}, number>`, reached);
        return;
      case 'tuple':
        for (const e of [...shape.elements, ...(shape.rest ? [shape.rest] : [])]) {
          this.walk(e, `At<${declared}, number>`, reached);
        }
        return;
      case 'record':
        this.walk(shape.value, `At<${declared}, string>`, reached);
        return;
      case 'object':
        for (const p of shape.properties) {
          this.walk(p.shape, `At<${declared}, ${quote(p.name)}>`, reached);
        }
        return;
      case 'union':
        for (const m of shape.members) this.walk(m, declared, reached);
        return;
      default:
        return;
    }
  }

  /** `shape` as a type, its named types as their aliases (printed on first use). */
  print(shape: Shape): string {
    switch (shape.kind) {
      case 'string':
      case 'number':
      case 'boolean':
      case 'bigint':
      case 'null':
      case 'unknown':
        return shape.kind;
      case 'date':
        this.usesDate = true;
        return 'Date';
      case 'literal':
        return literal(shape.value);
      case 'array':
        return `${this.#operand(shape.element)}[]`;
      case 'tuple': {
        const required = shape.required ?? shape.elements.length;
        const parts = shape.elements.map((e, i) => this.print(e) + (i < required ? '' : '?'));
        if (shape.rest !== undefined) parts.push(`...${this.#operand(shape.rest)}[]`);
        return `[${parts.join(', ')}]`;
      }
      case 'record':
        return `{ [key: string]: ${this.print(shape.value)} }`;
      case 'object': {
        // A class's accessors are left out of the shape but not of its type: not compared.
        if (shape.partial) return 'unknown';
        if (shape.properties.length === 0) return '{}';
        const props = shape.properties.map((p) => {
          const key = isIdentifierName(p.name) ? p.name : quote(p.name);
          return `${key}${p.optional ? '?' : ''}: ${this.print(p.shape)}`;
        });
        return `{ ${props.join('; ')} }`;
      }
      case 'union':
        return shape.members.map((m) => this.print(m)).join(' | ');
      case 'ref':
        return this.#ref(shape.id);
      default:
        return assertNever(shape);
    }
  }

  /** A type as the operand of `[]`: a union in parentheses. */
  #operand(shape: Shape): string {
    const text = this.print(shape);
    return shape.kind === 'union' ? `(${text})` : text;
  }

  #ref(id: string): string {
    const known = this.#aliases.get(id);
    if (known !== undefined) return known.name;
    const t = this.#type(id);
    const alias = { name: this.#names.claim(`Seen${t.name}`), text: '' };
    this.#aliases.set(id, alias);
    this.order.push(id);
    alias.text = this.print(t.shape);
    return alias.name;
  }

  #type(id: string): NamedType {
    const t = this.#types.get(id);
    if (t !== undefined) return t;
    throw new Error(`fwgen: the model refers to type ${id}, not in its types`);
  }
}
