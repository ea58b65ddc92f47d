/**
 * The view model's types: what the templates in `templates/` print. Every value is the text of a
 * name or an expression, decided by the view model; every `has…`, `is…` and other boolean is a
 * decision the view model took, for a template's `{{#if}}`. `view-model.ts` and the builders it
 * calls make them, `view-cache.ts` keeps controllers' views between renders.
 */
/** What `bindings.hbs` prints. */
export interface BindingsView {
  /** The source folder, for the header. */
  readonly src: string;
  readonly imports: readonly ImportView[];
  readonly checkers: readonly CheckerView[];
  readonly writers: readonly WriterView[];
  readonly readers: readonly ReaderView[];
  readonly version: number;
  /** Whether the module builds an object graph. */
  readonly hasGraph: boolean;
  /** The object graph; undefined when there is none. */
  readonly graph: GraphView | undefined;
  readonly hasControllers: boolean;
  readonly controllers: readonly ControllerView[];
  /** Whether a parameter is validated or an answer written, so that there are types to prove. */
  readonly hasFresh: boolean;
  readonly fresh: FreshView;
  /** Whether a published event has a writer: the bindings' `published`. */
  readonly hasPublished: boolean;
  /** Each published event name (quoted) and its writer, by name. */
  readonly published: readonly { readonly event: string; readonly writer: string }[];
}

/** `fresh.hbs`: the types fwgen read, and one compile-time comparison per declared type. */
export interface FreshView {
  /** `type SeenCreateUser = { … };` per named type printed. */
  readonly aliases: readonly { readonly name: string; readonly type: string }[];
  /** `declare const name: Fresh<Compared<label, declared, seen>>;`. */
  readonly checks: readonly {
    readonly name: string;
    /** What the message names, quoted: `'UserController.create(body)'`. */
    readonly label: string;
    /** The handler's own type: `Parameters<UserController['create']>[0]`. */
    readonly declared: string;
    /** The type fwgen read, as printed. */
    readonly seen: string;
  }[];
}

/** `import { a, type B } from 'c';`, or `import type { … }` when `typeOnly`. */
export interface ImportView {
  readonly typeOnly: boolean;
  /** The imported names, in order, joined: `type Bindings, defineController`. */
  readonly names: string;
  /** The specifier, quoted. */
  readonly from: string;
}

/** What one part of the module (checkers, writers, readers) gives the rest of it. */
export interface ModulePart<F> {
  readonly functions: readonly F[];
  /** The function (or validator constant) made for each key: a type id, `Controller.handler`. */
  readonly names: ReadonlyMap<string, string>;
  /** The exports of fw's helper module that the functions call. */
  readonly helpers: ReadonlySet<string>;
}

/** A generated function, with the type id it is written for above it when it has one. */
export interface FunctionView {
  readonly hasComment: boolean;
  readonly comment: string;
  readonly name: string;
}

/** `const name = value;` before the function that uses it. */
export interface ConstantView {
  readonly name: string;
  readonly value: string;
}

/** One checker function (`checker.hbs`), `(v, issues, key)` as `fw/validate`'s `Checker`. */
export interface CheckerView extends FunctionView {
  readonly constants: readonly ConstantView[];
  /** Which template writes the body: the one of `body.kind`. */
  readonly is: { readonly [K in CheckerBody['kind']]: boolean };
  readonly body: CheckerBody;
  /** Whether a parameter is checked against this type, by the constant `validator`. */
  readonly hasValidator: boolean;
  readonly validator: string;
}

/** The body of a checker, by the template that writes it. */
export type CheckerBody = ObjectCheck | UnionCheck | TupleCheck | RulesCheck | CallCheck;

/** `check-object.hbs`: each property checked into a fresh object. */
export interface ObjectCheck {
  readonly kind: 'object';
  readonly empty: boolean;
  readonly properties: readonly PropertyCheck[];
}

/** One property of an object check. */
export interface PropertyCheck {
  /** The property name, quoted. */
  readonly key: string;
  /** How the value is read: `v['name']`, or `own(v, 'constructor')` for an inherited name. */
  readonly value: string;
  /** The call that checks it. */
  readonly check: string;
  /** Checked only when present. */
  readonly optional: boolean;
  /** `__proto__`: stored with `put`, as an assignment would set the prototype. */
  readonly proto: boolean;
}

/** `check-union.hbs`: the members with a test first, then how the others are told apart. */
export interface UnionCheck {
  readonly kind: 'union';
  readonly hasTests: boolean;
  /** The members' tests, joined by `||`. */
  readonly tests: string;
  /** How the other members decide: at most one is true, none when every member has a test. */
  readonly by: {
    /** The only other member decides whatever the value is; nothing follows. */
    readonly member: boolean;
    /** The only other member decides a value of its JSON kind. */
    readonly guard: boolean;
    /** Objects told apart by a property of literals. */
    readonly discriminant: boolean;
    /** Objects tried in turn, the issues of the closest kept. */
    readonly closest: boolean;
    /** Members tried in turn. */
    readonly each: boolean;
  };
  /** For `member` and `guard`: the test of the JSON kind (`guard` only) and the call. */
  readonly member?: { readonly guard: string; readonly check: string };
  readonly discriminant?: DiscriminantCheck;
  /** For `closest` and `each`: the members' calls, in order. */
  readonly tries: readonly { readonly first: boolean; readonly check: string }[];
  /** The message when nothing matched, quoted. */
  readonly expected: string;
}

/** A `switch` over a discriminant property of a union of objects. */
export interface DiscriminantCheck {
  /** `v['kind']`. */
  readonly value: string;
  /** The property name, quoted. */
  readonly property: string;
  readonly cases: readonly { readonly labels: readonly string[]; readonly check: string }[];
  /** The message when no case matched, quoted. */
  readonly expected: string;
}

/** `check-tuple.hbs`: an array of fixed places, optional places and a rest. */
export interface TupleCheck {
  readonly kind: 'tuple';
  readonly checksLength: boolean;
  /** The test that the length is wrong. */
  readonly wrongLength: string;
  readonly expectedLength: string;
  readonly empty: boolean;
  /** Every place required and no rest: `out` keeps its tuple type. */
  readonly fixed: boolean;
  /** The calls of the required places, joined. */
  readonly items: string;
  readonly optional: readonly { readonly index: number; readonly check: string }[];
  readonly hasRest: boolean;
  readonly restFrom: number;
  readonly rest: string;
}

/** `check-rules.hbs`: a constrained string, number or array, one `if` per rule. */
export interface RulesCheck {
  readonly kind: 'rules';
  /** The test that the value is not of the type, and its message, quoted. */
  readonly typeTest: string;
  readonly typeMessage: string;
  /** A string with a length rule counts its characters once, as `n`. */
  readonly countsChars: boolean;
  readonly rules: readonly { readonly test: string; readonly message: string }[];
  /** What a value that passed is: `v`, or the array with its items checked. */
  readonly result: string;
}

/** A checker that calls another: `return string(v, issues, key);`. */
export interface CallCheck {
  readonly kind: 'call';
  readonly check: string;
}

/** One response writer (`writer.hbs`). */
export type WriterView = FunctionView &
  (
    | {
        /** Written property by property. */
        readonly isObject: true;
        readonly empty: boolean;
        readonly members: readonly MemberWrite[];
      }
    | { readonly isObject: false; readonly write: string }
  );

/** One property of a written object. */
export interface MemberWrite {
  readonly first: boolean;
  /** `const` when it is the only property, else `let`. */
  readonly declare: 'const' | 'let';
  /** What goes before the value, quoted: `'{"id":'`, `',"name":'`. */
  readonly prefix: string;
  readonly write: string;
}

/** One query reader (`reader.hbs`). */
export interface ReaderView extends FunctionView {
  /** The literals a property accepts: `const name = [values];`. */
  readonly constants: readonly { readonly name: string; readonly values: string }[];
  /** `q`, or `_q` for a type without properties. */
  readonly parameter: string;
  readonly fields: readonly {
    readonly key: string;
    readonly optional: boolean;
    readonly read: string;
  }[];
}

/** One `defineController({ … })` (`controller.hbs`). */
export interface ControllerView {
  readonly type: string;
  readonly name: string;
  readonly source: string;
  readonly hasInterceptors: boolean;
  readonly interceptors: string;
  readonly hasDelivery: boolean;
  /** An event consumer's `delivery` object. */
  readonly delivery: string;
  readonly hasHandlers: boolean;
  readonly handlers: readonly HandlerView[];
}

/** One handler object. */
export interface HandlerView {
  readonly name: string;
  readonly method: string;
  readonly path: string;
  readonly source: string;
  readonly hasInterceptors: boolean;
  readonly interceptors: string;
  readonly hasParams: boolean;
  readonly params: readonly ParameterView[];
  /** `(parameters) => method(arguments)`. */
  readonly invoke: {
    readonly parameters: string;
    readonly method: string;
    readonly arguments: string;
  };
  readonly hasSerialize: boolean;
  readonly serialize: string;
}

/** One parameter: what its resolver reads; `index` (its position) and `optional: false` left out. */
export interface ParameterView {
  readonly name: string;
  readonly type: string;
  readonly hasPathKey: boolean;
  readonly pathKey: string;
  readonly optional: boolean;
  readonly hasValidate: boolean;
  readonly validate: string;
  readonly hasRead: boolean;
  readonly read: string;
}

/** The object graph: `buildGraph` and the `graph` field of the bindings. */
export interface GraphView {
  /** What `buildGraph` takes from its builder: `make, root`, or `root` when every instance is one. */
  readonly builders: string;
  /** Whether a provider is async, so that the graph is made in `start()`. */
  readonly isAsync: boolean;
  readonly instances: readonly InstanceView[];
}

/** One line of `buildGraph`. */
export interface InstanceView {
  /** Whether a later instance is made from this one, so its getter gets a name. */
  readonly named: boolean;
  /** The getter's name. */
  readonly variable: string;
  /** `root` for a controller, consumer, gateway, route interceptor or `@Injectable()` class. */
  readonly register: 'root' | 'make';
  /** The class or provider constant, as imported. */
  readonly key: string;
  /** `new UserStore` for a class, `config` for a provider. */
  readonly create: string;
  /** The arguments, as written: getter calls and `undefined`s. */
  readonly args: string;
  /** Whether the key is a provider constant, whose function has no name of its own. */
  readonly hasName: boolean;
  /** The provider constant's name, quoted; empty for a class. */
  readonly name: string;
}
