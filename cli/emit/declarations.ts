/**
 * Named types written out as TypeScript declarations, for the modules a caller of the app imports
 * (the typed client, the event publisher): an `interface` for an object, a `type` alias for
 * anything else, each under the identifier its caller chose, with its JSDoc. A date is a `Date`,
 * a bigint a `bigint`. Arrays and tuples are `readonly` when asked: a publisher takes what a
 * caller holds as the app's own `readonly` type, and changes nothing.
 */
import {
  assertNever,
  type DocComment,
  type NamedType,
  type PropertyShape,
  type Shape,
} from '../ir.js';
import { isIdentifierName, literal, quote } from './layout.js';

/** How a {@link TypePrinter} writes arrays and tuples. */
export interface PrintOptions {
  readonly readonlyArrays: boolean;
}

/** Writes shapes as TypeScript types; a `ref` as the identifier `names` gives its type id. */
export class TypePrinter {
  readonly #names: ReadonlyMap<string, string>;
  readonly #readonly: string;

  constructor(names: ReadonlyMap<string, string>, options: PrintOptions) {
    this.#names = names;
    this.#readonly = options.readonlyArrays ? 'readonly ' : '';
  }

  /** The declaration of `type`, JSDoc included, without a trailing newline. */
  declaration(type: NamedType): string {
    const name = this.name(type.id);
    const head = docComment(type.doc, '');
    if (type.shape.kind === 'object') {
      const body = this.members(type.shape.properties, '  ');
      return `${head}export interface ${name} ${body === '' ? '{}' : `{\n${body}}`}`;
    }
    return `${head}export type ${name} = ${this.print(type.shape, '')};`;
  }

  /** The identifier the type `id` is declared as. */
  name(id: string): string {
    const name = this.#names.get(id);
    if (name !== undefined) return name;
    throw new Error(`fwgen: the model refers to type ${id}, which this module does not declare`);
  }

  /** One line per property, each ending in `;\n`, indented by `indent`. */
  members(properties: readonly PropertyShape[], indent: string): string {
    return properties
      .map((p) => {
        const key = isIdentifierName(p.name) ? p.name : quote(p.name);
        const readonly = p.readonly === true ? 'readonly ' : '';
        const type = this.print(p.shape, indent);
        return `${docComment(p.doc, indent)}${indent}${readonly}${key}${p.optional ? '?' : ''}: ${type};\n`;
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
      case 'bigint':
        return shape.kind;
      case 'date':
        return 'Date';
      case 'literal':
        return literal(shape.value);
      case 'array':
        return `${this.#readonly}${this.#element(shape.element, indent)}[]`;
      case 'tuple': {
        const required = shape.required ?? shape.elements.length;
        const parts = shape.elements.map(
          (e, i) => this.print(e, indent) + (i < required ? '' : '?'),
        );
        if (shape.rest !== undefined) parts.push(`...${this.#element(shape.rest, indent)}[]`);
        return `${this.#readonly}[${parts.join(', ')}]`;
      }
      case 'record':
        return `{ [key: string]: ${this.print(shape.value, indent)} }`;
      case 'object': {
        const body = this.members(shape.properties, `${indent}  `);
        return body === '' ? '{}' : `{\n${body}${indent}}`;
      }
      case 'union':
        return shape.members.map((m) => this.print(m, indent)).join(' | ');
      case 'ref':
        return this.name(shape.id);
      default:
        return assertNever(shape);
    }
  }

  /** A type before `[]`: in parentheses when it is a union, or a `readonly` array or tuple. */
  #element(shape: Shape, indent: string): string {
    const text = this.print(shape, indent);
    const nested = this.#readonly !== '' && (shape.kind === 'array' || shape.kind === 'tuple');
    return shape.kind === 'union' || nested ? `(${text})` : text;
  }
}

/**
 * A JSDoc block of `doc` (its summary, description and `@deprecated`), indented by `indent`;
 * empty when there is nothing to say.
 */
export function docComment(doc: DocComment | undefined, indent: string): string {
  const paragraphs = [doc?.summary?.trim(), doc?.description?.trim()].filter(
    (s) => s !== undefined && s !== '',
  );
  const lines =
    paragraphs.length === 0 ? [] : paragraphs.join('\n\n').replaceAll('*/', '*\\/').split('\n');
  if (doc?.deprecated === true) lines.push('@deprecated');
  if (lines.length === 0) return '';
  if (lines.length === 1) return `${indent}/** ${lines[0]} */\n`;
  return `${indent}/**\n${lines.map((l) => `${indent} * ${l}`.trimEnd()).join('\n')}\n${indent} */\n`;
}
