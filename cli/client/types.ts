/**
 * The client's types, written out as TypeScript declarations from the model's shapes: each named
 * type under its OpenAPI component name (made an identifier), so that a consumer's `tsc` reads
 * plain declarations and never infers anything from the app.
 */
import { componentNames } from '../api-documents/schemas.js';
import { referencedTypes, typeIndex } from '../api-documents/shared.js';
import { TypePrinter } from '../emit/declarations.js';
import { isIdentifierName, quote } from '../emit/layout.js';
import { type AppModel, compareText, type NamedType, type Shape } from '../ir.js';

/** Names the client declares itself: an app type of one of these names gets a `_` after it. */
const TAKEN = new Set([
  ...['Problem', 'Ok', 'Failure', 'RequestOptions', 'WebSocketClass', 'WebSocketLike'],
  ...['ClientOptions', 'ApiError', 'unwrap', 'ServerEvent', 'ServerEvents', 'Socket', 'Client'],
  ...['SocketEvent', 'createClient', 'Date', 'Record', 'Uint8Array', 'ReadableStream'],
  ...['FormData', 'Promise'],
]);

/** The named types a client declares and how it writes each shape. */
export class ClientTypes {
  readonly #index: ReadonlyMap<string, NamedType>;
  readonly #names = new Map<string, string>();
  readonly #printer: TypePrinter;

  /** `ids`: every named type the client refers to; those they refer to come along. */
  constructor(model: AppModel, ids: ReadonlySet<string>) {
    this.#index = typeIndex(model);
    for (const [id, name] of componentNames(referencedTypes(ids, this.#index))) {
      const identifier = name.replace(/[^A-Za-z0-9_$]/g, '_').replace(/^(?=[0-9])/, '_');
      this.#names.set(id, TAKEN.has(identifier) ? `${identifier}_` : identifier);
    }
    this.#printer = new TypePrinter(this.#names, { readonlyArrays: false });
  }

  /** The id of every type the client declares. */
  ids(): string[] {
    return [...this.#names.keys()];
  }

  /** The named type of `id`. */
  type(id: string): NamedType {
    const found = this.#index.get(id);
    if (found === undefined) throw new Error(`fwgen: the model has no type ${id}`);
    return found;
  }

  /** The declared name of the type `id`. */
  name(id: string): string {
    return this.#printer.name(id);
  }

  /** Every declaration, sorted by name. */
  declarations(): string[] {
    return [...this.#names]
      .sort(([, a], [, b]) => compareText(a, b))
      .map(([id]) => this.#printer.declaration(this.type(id)));
  }

  /** The TypeScript type of `shape`, indented by `indent` when it spans lines. */
  text(shape: Shape, indent: string): string {
    return this.#printer.print(shape, indent);
  }
}

/** A property name as a key: bare when it is an identifier, else quoted. */
export function key(name: string): string {
  return isIdentifierName(name) ? name : quote(name);
}
