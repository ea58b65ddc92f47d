/** Hand-built models for the emitter tests: the analyzer's output, without the analyzer. */
import type {
  AppModel,
  ControllerModel,
  HandlerModel,
  ImportRef,
  NamedType,
  ParamModel,
  PropertyShape,
  Shape,
} from '../../../cli/ir.js';

/** An app model; `src` goes into the header. */
export function app(
  controllers: readonly ControllerModel[],
  types: readonly NamedType[] = [],
  src = 'src',
): AppModel {
  return { src, controllers, types };
}

/** A class exported by a project file. */
export const fileRef = (module: string, name: string): ImportRef => ({
  from: 'file',
  module,
  name,
});

/** A class exported by a package. */
export const packageRef = (module: string, name: string): ImportRef => ({
  from: 'package',
  module,
  name,
});

/** A controller declared at `file:line`, imported from that file. */
export function controller(
  name: string,
  file: string,
  handlers: readonly HandlerModel[] = [],
  options: {
    line?: number;
    interceptors?: readonly ImportRef[];
    kind?: ControllerModel['kind'];
  } = {},
): ControllerModel {
  return {
    kind: options.kind ?? 'http',
    name,
    ref: fileRef(file, name),
    at: { file, line: options.line ?? 1, column: 1 },
    interceptors: options.interceptors ?? [],
    handlers: handlers.map((h) => ({ ...h, at: { ...h.at, file } })),
  };
}

/** A handler; its file is the controller's. */
export function handler(
  name: string,
  method: string,
  path: string,
  params: readonly ParamModel[] = [],
  options: { line?: number; interceptors?: readonly ImportRef[] } = {},
): HandlerModel {
  const at = { file: '', line: options.line ?? 2, column: 3 };
  return { name, method, path, at, interceptors: options.interceptors ?? [], params };
}

/** A parameter. */
export function param(
  index: number,
  name: string,
  type: string,
  options: { optional?: boolean; pathKey?: string; validate?: string } = {},
): ParamModel {
  return { index, name, type, optional: options.optional ?? false, ...options };
}

/** A named type: its name is what follows `#` in `id`. */
export function named(id: string, shape: Shape, line = 1): NamedType {
  const file = `${id.slice(0, id.indexOf('#'))}.ts`;
  return { id, name: id.slice(id.indexOf('#') + 1), at: { file, line, column: 1 }, shape };
}

/** Leaf shapes. */
export const s = {
  string: { kind: 'string' },
  number: { kind: 'number' },
  boolean: { kind: 'boolean' },
  null: { kind: 'null' },
  unknown: { kind: 'unknown' },
  date: { kind: 'date' },
  bigint: { kind: 'bigint' },
} as const satisfies Record<string, Shape>;

/** An object shape; a key ending in `?` is an optional property. */
export function object(properties: Readonly<Record<string, Shape>>): Shape {
  return {
    kind: 'object',
    properties: Object.entries(properties).map(
      ([key, shape]): PropertyShape => ({
        name: key.endsWith('?') ? key.slice(0, -1) : key,
        optional: key.endsWith('?'),
        shape,
      }),
    ),
  };
}

/** An array shape. */
export const array = (element: Shape): Shape => ({ kind: 'array', element });

/** A tuple shape. */
export const tuple = (...elements: Shape[]): Shape => ({ kind: 'tuple', elements });

/** A record shape: string keys, values of one shape. */
export const record = (value: Shape): Shape => ({ kind: 'record', value });

/** A union shape. */
export const union = (...members: Shape[]): Shape => ({ kind: 'union', members });

/** A literal shape. */
export const literal = (value: string | number | boolean): Shape => ({ kind: 'literal', value });

/** A reference to a named type. */
export const ref = (id: string): Shape => ({ kind: 'ref', id });
