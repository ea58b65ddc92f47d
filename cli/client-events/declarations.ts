/**
 * The payload types of the event publisher, written out as declarations: an `interface` for an
 * object, a `type` alias for anything else, each named as the AsyncAPI document's component of the
 * type (made an identifier), with its JSDoc summary. A date is a `Date`: the publisher writes it
 * as the app does, through its `toJSON`. Arrays and tuples are `readonly`: what a caller holds as
 * the app's own `readonly` type is accepted.
 */
import { isIdentifierName, literal, quote } from '../emit/layout.js';
import { assertNever, type DocComment, type NamedType, type Shape } from '../ir.js';

/** One declaration: its text, JSDoc included, without the trailing newline. */
export interface Declaration {
  readonly text: string;
}

/**
 * The declaration of each of `types` (in their order), each named by `names` (type id to the
 * identifier it is declared as); a `ref` in a shape is written as that identifier.
 */
export function declarations(
  types: readonly NamedType[],
  names: ReadonlyMap<string, string>,
): Declaration[] {
  const printer = new Printer(names);
  return types.map((t) => {
    const name = nameOf(names, t.id);
    const head = comment(t.doc, '');
    if (t.shape.kind === 'object') {
      const body = printer.members(t.shape.properties, '  ');
      const block = body === '' ? '{}' : `{\n${body}}`;
      return { text: `${head}export interface ${name} ${block}` };
    }
    return { text: `${head}export type ${name} = ${printer.print(t.shape, '')};` };
  });
}

/** A JSDoc block of the summary of `doc`, indented by `indent`; empty when there is none. */
function comment(doc: DocComment | undefined, indent: string): string {
  const summary = doc?.summary?.trim();
  if (summary === undefined || summary === '') return '';
  const lines = summary.replaceAll('*/', '*\\/').split('\n');
  if (lines.length === 1) return `${indent}/** ${lines[0]} */\n`;
  return `${indent}/**\n${lines.map((l) => `${indent} * ${l}`.trimEnd()).join('\n')}\n${indent} */\n`;
}

function nameOf(names: ReadonlyMap<string, string>, id: string): string {
  const name = names.get(id);
  if (name !== undefined) return name;
  throw new Error(`fwgen: the model refers to type ${id}, not among the events' payload types`);
}

/** Writes shapes as TypeScript types; objects inside a type as indented literals. */
class Printer {
  readonly #names: ReadonlyMap<string, string>;

  constructor(names: ReadonlyMap<string, string>) {
    this.#names = names;
  }

  /** One line per property, each ending in `;\n`, indented by `indent`. */
  members(properties: Extract<Shape, { kind: 'object' }>['properties'], indent: string): string {
    return properties
      .map((p) => {
        const key = isIdentifierName(p.name) ? p.name : quote(p.name);
        const readonly = p.readonly === true ? 'readonly ' : '';
        const type = this.print(p.shape, indent);
        return `${comment(p.doc, indent)}${indent}${readonly}${key}${p.optional ? '?' : ''}: ${type};\n`;
      })
      .join('');
  }

  /** `shape` as a type; `indent` is that of the line it starts on. */
  print(shape: Shape, indent: string): string {
    switch (shape.kind) {
      case 'string':
      case 'number':
      case 'boolean':
      case 'null':
      case 'unknown':
        return shape.kind;
      case 'bigint':
        return 'bigint';
      case 'date':
        return 'Date';
      case 'literal':
        return literal(shape.value);
      // Read-only: a caller's `readonly` array is accepted, and the publisher changes nothing.
      case 'array':
        return `readonly ${this.#operand(shape.element, indent)}[]`;
      case 'tuple': {
        const required = shape.required ?? shape.elements.length;
        const parts = shape.elements.map(
          (e, i) => this.print(e, indent) + (i < required ? '' : '?'),
        );
        if (shape.rest !== undefined) parts.push(`...${this.#operand(shape.rest, indent)}[]`);
        return `readonly [${parts.join(', ')}]`;
      }
      case 'record':
        return `{ [key: string]: ${this.print(shape.value, indent)} }`;
      case 'object': {
        const body = this.members(shape.properties, `${indent}  `);
        return body === '' ? '{}' : `{\n${body}${indent}}`;
      }
      case 'union':
        return shape.members.map((m) => this.#operand(m, indent)).join(' | ');
      case 'ref':
        return nameOf(this.#names, shape.id);
      default:
        return assertNever(shape);
    }
  }

  /** A type as the operand of `[]` or `|`: a union, array or tuple in parentheses. */
  #operand(shape: Shape, indent: string): string {
    const text = this.print(shape, indent);
    const bare = shape.kind !== 'union' && shape.kind !== 'array' && shape.kind !== 'tuple';
    return bare ? text : `(${text})`;
  }
}
