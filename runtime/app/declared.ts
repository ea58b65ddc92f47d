/**
 * What the decorators declare, recorded as they are applied, so that `createApp` can tell bindings
 * that no longer match the source (see stale.ts). A record is a few strings per class and per
 * method, kept in a WeakMap by class: no reflection metadata, nothing on the class itself.
 *
 * A method decorator does not know its class under TC39 decorators (`(value, context)`), but every
 * method decorator of a class runs before the class's own decorators, in both decorator modes; so
 * each method's declaration waits in `pending` until the next class decorator claims it. Under
 * `experimentalDecorators` the method decorator sees the prototype and claims only its own.
 */

/** The kind of controller a class decorator marks. */
export type DeclaredKind = 'http' | 'events' | 'websocket';

/** What one method decorator declares: its route method (`EVENT`, `WS`) and its path or name. */
export interface DeclaredHandler {
  readonly method: string;
  /** The path or event name as written; undefined for `@OnMessage()` and a bare `@Get()`. */
  readonly path: string | undefined;
}

/** What a class decorator declares, with the handlers its methods declare, by method name. */
export interface DeclaredController {
  readonly kind: DeclaredKind;
  /** The prefix of `@Controller`, the path of `@WebSocketGateway`; undefined when not given. */
  readonly path: string | undefined;
  /** The options of `@EventConsumer`. */
  readonly options: { readonly group?: unknown; readonly broadcast?: unknown } | undefined;
  readonly handlers: ReadonlyMap<string, DeclaredHandler>;
}

interface PendingHandler extends DeclaredHandler {
  readonly name: string;
  /** The prototype under `experimentalDecorators`; undefined under TC39. */
  readonly owner: object | undefined;
}

const controllers = new WeakMap<object, DeclaredController>();
let pending: PendingHandler[] = [];

/** What the decorators of `type` declared, or undefined when no class decorator of fw ran on it. */
export function declaredController(type: object): DeclaredController | undefined {
  return controllers.get(type);
}

/** A TC39 decorator context, as far as the records need it. */
interface DecoratorContext {
  readonly kind: string;
  readonly name?: unknown;
  readonly static?: unknown;
  readonly private?: unknown;
}

function contextOf(args: readonly unknown[]): DecoratorContext | undefined {
  const context = args[1];
  if (args.length !== 2 || typeof context !== 'object' || context === null) return undefined;
  return 'kind' in context && typeof context.kind === 'string'
    ? (context as DecoratorContext)
    : undefined;
}

/**
 * Records a method decorator's declaration when `args` are those of one applied to an instance
 * method: TC39 `(method, { kind: 'method' })` or legacy `(prototype, name, descriptor)`. Anything
 * else (a class, a static or private method, a field) is left to fwgen to report.
 */
export function recordHandler(args: readonly unknown[], handler: DeclaredHandler): void {
  const context = contextOf(args);
  if (context !== undefined) {
    if (context.kind !== 'method' || context.static === true || context.private === true) return;
    if (typeof context.name !== 'string') return;
    pending.push({ ...handler, name: context.name, owner: undefined });
    return;
  }
  const [target, name] = args;
  if (args.length !== 3 || typeof target !== 'object' || target === null) return;
  if (typeof name !== 'string') return;
  pending.push({ ...handler, name, owner: target });
}

/**
 * Records a class decorator's declaration when `args` are those of one applied to a class: TC39
 * `(class, { kind: 'class' })` or legacy `(class)`, with the methods' declarations waiting for it.
 */
export function recordController(
  args: readonly unknown[],
  declared: Omit<DeclaredController, 'handlers'>,
): void {
  const context = contextOf(args);
  const [type] = args;
  const isClass = context === undefined ? args.length === 1 : context.kind === 'class';
  if (!isClass || typeof type !== 'function') return;
  const prototype: unknown = type.prototype;
  if (typeof prototype !== 'object' || prototype === null) return;
  const handlers = new Map<string, DeclaredHandler>();
  for (const { name, owner, method, path } of pending) {
    const own = owner === undefined ? Object.hasOwn(prototype, name) : owner === prototype;
    if (own) handlers.set(name, { method, path });
  }
  pending = [];
  controllers.set(type, { ...declared, handlers });
}
