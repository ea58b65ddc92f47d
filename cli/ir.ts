/**
 * fw's own model of an application, as fwgen's analyzer finds it: plain JSON data, no ts-morph
 * objects, no absolute paths. Everything after analysis (view model, templates, `--check`) reads
 * only this, so the analyzer's engine (ts-morph on TypeScript 6 today) can change without the rest.
 */

/** A place in the project: `file` is relative to the project root, with `/` separators. */
export interface SourceLocation {
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

/**
 * Stable diagnostic codes and what each means; docs/fwgen.md lists each with what to do, and
 * test/cli/codes.test.ts keeps the two equal.
 */
export const DIAGNOSTIC_CODES = {
  FW0001: 'the project cannot be loaded (tsconfig missing or unreadable, --src empty)',
  FW0002: 'the `fw` package cannot be resolved from --src',
  FW0003: 'a syntax error in a source file',
  FW0101: 'a route path, event name or prefix that is not a string literal',
  FW0102: 'a duplicate route',
  FW0103: 'an invalid route pattern',
  FW0104:
    'a handler decorator outside a controller, the wrong kind for the class, or @UseInterceptors on what is not a controller or handler',
  FW0105: 'more than one route decorator on a method',
  FW0106: 'a controller class that is not exported, or is abstract or generic',
  FW0107: 'a handler that is static, private, or not a method',
  FW0108: 'a @UseInterceptors argument that is not an importable class',
  FW0109: 'a decorator applied without being called (`@Get` for `@Get()`)',
  FW0110:
    '`@EventConsumer` options fwgen cannot use: `group` with `broadcast: true`, a value that is not a literal, an unknown option, or a group that cannot name a queue',
  FW0111:
    'two controllers or gateways whose typed client groups would have one name (with `--client`)',
  FW0201: 'an unsupported parameter type',
  FW0202: 'a primitive parameter that names no route key',
  FW0203: 'a parameter without a type annotation',
  FW0204: 'more than one body or payload parameter',
  FW0205: 'a rest parameter',
  FW0206: 'a Query<T> type fwgen cannot read',
  FW0301: 'an unsupported type inside a body or payload type',
  FW0302: 'a body class with methods or accessors',
  FW0303:
    'a body or payload type that is anonymous, or a generic that is not a project object type',
  FW0304: 'a body or payload type that is not exported by its name from its module',
  FW0305: 'a constraint tag (`@minLength`, `@minimum`, `@minItems`…) on a type it does not fit',
  FW0306:
    'a constraint tag with a bad value (a `@pattern` that does not compile, a non-numeric bound…)',
  FW0401: 'a dependency cycle between constructors or providers',
  FW0402: 'a type that has no provider and no usable constructor',
  FW0403: 'two providers for one type',
  FW0404: 'a provider whose return type is not written out, or is `any` or `unknown`',
  FW0405:
    'a `provider(…)` fwgen cannot use: not an exported top-level `const`, not given a function, or a parameter without a type',
  FW0406: 'a constructor parameter without a type annotation, or a rest parameter',
  FW0501: 'a warning: an event the code publishes that no @OnEvent in the project consumes',
} as const;

/** A stable diagnostic code. */
export type DiagnosticCode = keyof typeof DIAGNOSTIC_CODES;

/** One problem found in the application; every one is reported in one run. */
export interface Diagnostic {
  readonly code: DiagnosticCode;
  readonly message: string;
  readonly at: SourceLocation;
}

/**
 * Where the generated module imports a value (a controller or interceptor class) from.
 * `file`: a project file, `module` its path from the root with its extension (`examples/app/users.ts`).
 * `package`: a bare specifier as the application imported it (`@acme/auth`).
 */
export type ImportRef =
  | { readonly from: 'file'; readonly module: string; readonly name: string }
  | { readonly from: 'package'; readonly module: string; readonly name: string };

/** Everything the generator needs, sorted: controllers by (file, name), handlers by source order. */
export interface AppModel {
  /** `--src` relative to the project root, for the generated header. */
  readonly src: string;
  readonly controllers: readonly ControllerModel[];
  /** The named body and payload types, sorted by id, each once. */
  readonly types: readonly NamedType[];
  /**
   * The named types that handlers' JSON answers are written from (their own set: a type here has
   * a writer, not a validator), sorted by id; absent when there are none.
   */
  readonly responses?: readonly NamedType[];
  /**
   * The application's object graph: every instance the roots need, in dependency order (each
   * after the instances it is built from); absent when there is none.
   */
  readonly instances?: readonly InstanceModel[];
  /**
   * The events the code publishes with `publishEvents` whose type fwgen could read, sorted by
   * name then type: what the AsyncAPI document lists as `send` operations.
   */
  readonly published?: readonly PublishedEvent[];
  /**
   * Named types only the API documents refer to (a handler's answers under each status),
   * sorted by id; merge with {@link types} and {@link responses} by id.
   */
  readonly documented?: readonly NamedType[];
}

/** An event type the code publishes (`publishEvents(ctx, event)`), for AsyncAPI. */
export interface PublishedEvent {
  /** The event's `name` literal: its channel. */
  readonly name: string;
  /** The id of its type in {@link AppModel.responses}: the writer of its broker message. */
  readonly type: string;
  /** The first place it is published. */
  readonly at: SourceLocation;
}

/** What a JSDoc comment says, for the API documents. */
export interface DocComment {
  /** The first paragraph. */
  readonly summary?: string;
  /** Every paragraph after the first. */
  readonly description?: string;
  /** A `@deprecated` tag. */
  readonly deprecated?: boolean;
  /** Each `@example` tag's text, trimmed: JSON when it parses as JSON, else the text. */
  readonly examples?: readonly unknown[];
  /** Each `@response <status> <description>` tag, in order. */
  readonly responses?: readonly { readonly status: number; readonly description: string }[];
}

/**
 * One answer a handler can give, for the API documents and the client: the status (from
 * `Reply<T, S>` when `S` is a numeric literal, else 200, 204 for no body) and what its body is:
 * JSON, text, bytes written at once (`bytes`) or as they come (`stream`, any async iterable), an
 * event stream (`sse()`), or nothing.
 */
export interface AnswerModel {
  readonly status: number;
  readonly body:
    | { readonly kind: 'json'; readonly shape: Shape }
    | { readonly kind: 'text' | 'bytes' | 'stream' | 'events' | 'none' };
}

/**
 * A `Query<T>` parameter: the request's query read into `T`, one field per property, by a
 * generated reader with the `Values` parsing rules.
 */
export interface QueryModel {
  /** The type id of `T`. */
  readonly id: string;
  readonly name: string;
  readonly fields: readonly QueryField[];
}

/** One property of a `Query<T>`'s `T`. */
export interface QueryField {
  readonly name: string;
  readonly optional: boolean;
  /** Every value of the key (`string[]`…) instead of one. */
  readonly array: boolean;
  /** `number` is any finite number; `integer` a `number` written `Int` or tagged `@integer`. */
  readonly kind: 'string' | 'number' | 'integer' | 'bigint' | 'boolean';
  /** A union of string or number literals: the only values accepted. */
  readonly values?: readonly (string | number)[];
  readonly doc?: DocComment;
}

/** One instance of the object graph: a class created with `new`, or a provider's result. */
export interface InstanceModel {
  /** The type id of what it is (API.md section 5): `examples/app/store#UserStore`, `…#Repo<…#User>`. */
  readonly id: string;
  /** The type as written for people: `UserStore`, `Repo<User>`. */
  readonly name: string;
  /** `new` of a class, or a call of an exported provider constant (awaited when `async`). */
  readonly create:
    | { readonly kind: 'class'; readonly ref: ImportRef }
    | { readonly kind: 'provider'; readonly ref: ImportRef; readonly async: boolean };
  /** The class or the provider's declaration. */
  readonly at: SourceLocation;
  /** A controller, consumer, gateway, route interceptor or `@Injectable()` class. */
  readonly root: boolean;
  /**
   * What is passed to the constructor or provider, in parameter order: the id of an instance
   * listed before this one, or null for `undefined` (an optional parameter nothing provides).
   */
  readonly args: readonly (string | null)[];
}

/** The three kinds of controller class: `@Controller`, `@EventConsumer`, `@WebSocketGateway`. */
export type ControllerKind = 'http' | 'events' | 'websocket';

/** One `@Controller`, `@EventConsumer` or `@WebSocketGateway` class. */
export interface ControllerModel {
  readonly kind: ControllerKind;
  readonly name: string;
  readonly ref: ImportRef;
  readonly at: SourceLocation;
  readonly interceptors: readonly ImportRef[];
  readonly handlers: readonly HandlerModel[];
  /** An `@EventConsumer`'s own delivery; absent: the app's group. */
  readonly delivery?: ConsumerDelivery;
  /** The class's JSDoc: the description of its tag in the OpenAPI document. */
  readonly doc?: DocComment;
}

/**
 * How an event consumer's instances share its messages: those of `group` share them, or every
 * instance receives each (`broadcast`).
 */
export type ConsumerDelivery =
  | { readonly kind: 'group'; readonly group: string }
  | { readonly kind: 'broadcast' };

/** One handler method. */
export interface HandlerModel {
  readonly name: string;
  /** `GET`…`HEAD`, `EVENT` or `WS`. */
  readonly method: string;
  /** The joined route path (no trailing slash but `/`), the event name, or the gateway path. */
  readonly path: string;
  readonly at: SourceLocation;
  readonly interceptors: readonly ImportRef[];
  readonly params: readonly ParamModel[];
  /**
   * The shape its generated writer writes, when it is an object or an array, or a union of them
   * with `null`: an HTTP handler's answer (its return type, awaited, out of each `Reply`), a
   * WebSocket handler's reply, or the data type of the `sse()` stream an HTTP handler answers.
   */
  readonly response?: Shape;
  /** The method's JSDoc. */
  readonly doc?: DocComment;
  /**
   * Every answer it can give, for the API documents: HTTP statuses from the return type, or a
   * WebSocket handler's reply (status 200; `none` when it returns nothing).
   */
  readonly answers?: readonly AnswerModel[];
}

/** One handler parameter, with the type id of API.md section 5. */
export interface ParamModel {
  readonly index: number;
  /** The parameter's name, or `arg<index>` when it is destructured. */
  readonly name: string;
  /** `fw/query#Values`, `number`, `examples/app/users#CreateUser`, … */
  readonly type: string;
  readonly optional: boolean;
  /** Set when a primitive parameter is bound to the route key of the same name. */
  readonly pathKey?: string;
  /** Set for a body or payload parameter: the id of its entry in {@link AppModel.types}. */
  readonly validate?: string;
  /** Set for a `Query<T>` parameter (type `fw/query#Query`). */
  readonly query?: QueryModel;
  /**
   * A body, payload or `Query<T>` parameter's type as the generated invoker casts its argument
   * to (without the `| undefined` of an optional one); absent when the bindings cannot name it.
   */
  readonly cast?: readonly TypePart[];
}

/** A piece of a type as generated code writes it: text as is, or a name to import. */
export type TypePart = string | ImportRef;

/** A named application type that a body or payload is checked against. */
export interface NamedType {
  /** `<path from root without extension>#<Name>`. */
  readonly id: string;
  readonly name: string;
  readonly at: SourceLocation;
  readonly shape: Shape;
  /** The type's JSDoc. */
  readonly doc?: DocComment;
}

/** The structure of a type, as far as a JSON value can be checked against it. */
export type Shape =
  | { readonly kind: 'string'; readonly constraints?: StringConstraints }
  | { readonly kind: 'number'; readonly constraints?: NumberConstraints }
  | { readonly kind: 'boolean' | 'null' | 'unknown' }
  /** A JSON string holding an ISO 8601 date; the checked value is a `Date`. */
  | { readonly kind: 'date' }
  /**
   * A JSON string of an integer in decimal (`"9007199254740993"`), or a JSON number that is a safe
   * integer; the checked value is a `bigint`, and one is written as such a string.
   */
  | { readonly kind: 'bigint' }
  | { readonly kind: 'literal'; readonly value: string | number | boolean }
  | { readonly kind: 'array'; readonly element: Shape; readonly constraints?: ArrayConstraints }
  /**
   * A JSON array with a shape per position: the first `required` elements (all when absent) must
   * be there, the rest of `elements` may be, and `rest`, when given, checks every one after them.
   */
  | {
      readonly kind: 'tuple';
      readonly elements: readonly Shape[];
      readonly required?: number;
      readonly rest?: Shape;
    }
  | { readonly kind: 'record'; readonly value: Shape }
  | {
      readonly kind: 'object';
      readonly properties: readonly PropertyShape[];
      /** Set when members were left out (a class's methods and accessors, which JSON has not). */
      readonly partial?: true;
    }
  | { readonly kind: 'union'; readonly members: readonly Shape[] }
  /** Another named type (also in {@link AppModel.types}); how recursion is written. */
  | { readonly kind: 'ref'; readonly id: string };

/** The `@format` names a string can be checked against (docs/fwgen.md "Constraints"). */
export const STRING_FORMATS = [
  'email',
  'uri',
  'uuid',
  'date',
  'date-time',
  'ipv4',
  'ipv6',
] as const;

/** A `@format` name. */
export type StringFormat = (typeof STRING_FORMATS)[number];

/**
 * What JSDoc tags (`@minLength`, `@pattern`, `@format`) require of a string, each set only where
 * declared; lengths count Unicode code points, as JSON Schema does.
 */
export interface StringConstraints {
  readonly minLength?: number;
  readonly maxLength?: number;
  /** An ECMAScript regular expression with the `u` flag, not anchored unless it says so. */
  readonly pattern?: string;
  readonly format?: StringFormat;
}

/** What JSDoc tags (`@integer`, `@minimum`, `@multipleOf`…) require of a number. */
export interface NumberConstraints {
  readonly integer?: boolean;
  readonly minimum?: number;
  readonly exclusiveMinimum?: number;
  readonly maximum?: number;
  readonly exclusiveMaximum?: number;
  /** Greater than 0; a quotient within 1e-9 of a whole number counts as whole. */
  readonly multipleOf?: number;
}

/** What JSDoc tags (`@minItems`, `@maxItems`, `@uniqueItems`) require of an array. */
export interface ArrayConstraints {
  readonly minItems?: number;
  readonly maxItems?: number;
  /** No two items are equal as JSON values. */
  readonly uniqueItems?: boolean;
}

/** One declared property of an object shape, in declaration order. */
export interface PropertyShape {
  readonly name: string;
  /** `?` or a union with `undefined`: the key may be absent. */
  readonly optional: boolean;
  readonly shape: Shape;
  /** `readonly`: documented as `readOnly`, validated like any other. */
  readonly readonly?: boolean;
  /** The property's JSDoc. */
  readonly doc?: DocComment;
}

/**
 * Code-unit order of two strings: the same on every machine and under every locale, unlike
 * `localeCompare`, so everything fwgen sorts comes out byte for byte the same.
 */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** For exhaustive switches over the model's unions. */
export function assertNever(value: never): never {
  throw new Error(`unexpected ${JSON.stringify(value)}`);
}
