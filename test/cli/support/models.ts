/** Small {@link AppModel}s built in tests, in the shape the analyzer returns. */
import type {
  AppModel,
  ControllerModel,
  Diagnostic,
  DiagnosticCode,
  HandlerModel,
  NamedType,
  ParamModel,
} from '../../../cli/ir.js';

/** A handler `name` on `method path`, declared at `file:line`. */
export function handler(
  name: string,
  method: string,
  path: string,
  params: ParamModel[] = [],
  at: [string, number] = ['app/users.ts', 10],
): HandlerModel {
  return {
    name,
    method,
    path,
    at: { file: at[0], line: at[1], column: 3 },
    interceptors: [],
    params,
  };
}

/** An HTTP controller class exported by `file`. */
export function controller(
  name: string,
  file: string,
  handlers: HandlerModel[],
  line = 5,
): ControllerModel {
  return {
    kind: 'http',
    name,
    ref: { from: 'file', module: file, name },
    at: { file, line, column: 1 },
    interceptors: [],
    handlers,
  };
}

/** A body parameter checked against the object type `id` with string properties. */
export function bodyParam(id: string): ParamModel {
  return { index: 0, name: 'body', type: id, optional: false, validate: id };
}

/** A named object type whose properties are all strings. */
export function objectType(id: string, properties: string[]): NamedType {
  const [file = '', name = ''] = id.split('#');
  return {
    id,
    name,
    at: { file: `${file}.ts`, line: 1, column: 1 },
    shape: {
      kind: 'object',
      properties: properties.map((p) => ({ name: p, optional: false, shape: { kind: 'string' } })),
    },
  };
}

/** A model of `controllers` (and `types`) under `src`. */
export function appModel(
  controllers: ControllerModel[],
  types: NamedType[] = [],
  src = 'app',
): AppModel {
  return { src, controllers, types };
}

/** A diagnostic at `file:line:column`. */
export function diagnostic(
  code: DiagnosticCode,
  message: string,
  file: string,
  line: number,
  column: number,
): Diagnostic {
  return { code, message, at: { file, line, column } };
}
