/**
 * The object graph: what the roots (controllers, consumers, gateways, route interceptors and
 * `@Injectable()` classes) need, how each instance is made (its provider, else its class's
 * constructor), and in what order. Every wiring mistake is reported with the chain that leads to
 * it: a cycle (FW0401), a type nothing can make (FW0402), an unreadable parameter (FW0406).
 */
import { ts } from 'ts-morph';
import { variableName } from '../identifiers.js';
import type { ImportRef, InstanceModel, SourceLocation } from '../ir.js';
import type { FoundController } from './class-scan.js';
import { formatAt } from './location.js';
import type { FoundProvider } from './providers.js';
import { decoratorsOf, type Scope } from './scope.js';
import { exportsAs } from './symbols.js';
import { type TypeKey, typeKey } from './type-key.js';
import { nodeText, partsOf } from './type-syntax.js';

/** One parameter of a constructor or provider, to be filled from the graph. */
interface Need {
  readonly name: string;
  readonly node: ts.Node;
  readonly optional: boolean;
  /** Undefined when the parameter could not be read (reported). */
  readonly type: ts.Type | undefined;
}

/** How one type is made. */
interface Maker {
  readonly key: TypeKey;
  readonly create: InstanceModel['create'];
  readonly at: SourceLocation;
  /** Undefined when a parameter could not be read (reported). */
  readonly needs: readonly Need[] | undefined;
}

/** Why a type cannot be made, and what to do. */
interface Missing {
  readonly missing: string;
}

/** The instances the roots need, in dependency order. */
export function buildGraph(
  scope: Scope,
  files: readonly ts.SourceFile[],
  controllers: readonly FoundController[],
  providers: ReadonlyMap<string, FoundProvider>,
): InstanceModel[] {
  const roots = new Map<string, { key: TypeKey; type: ts.Type; node: ts.ClassLikeDeclaration }>();
  const addRoot = (node: ts.ClassLikeDeclaration): void => {
    const symbol =
      node.name === undefined ? undefined : scope.checker.getSymbolAtLocation(node.name);
    if (symbol === undefined) return;
    const type = scope.checker.getDeclaredTypeOfSymbol(symbol);
    const key = typeKey(scope, type);
    if (key !== undefined && !roots.has(key.id)) roots.set(key.id, { key, type, node });
  };
  for (const c of controllers) addRoot(c.node);
  for (const cls of scope.interceptors.keys()) addRoot(cls);
  for (const file of files) for (const cls of injectables(scope, file)) addRoot(cls);

  const graph = new GraphWalk(scope, providers);
  for (const id of [...roots.keys()].sort()) {
    const root = roots.get(id)!;
    graph.visit(root.key, root.type, { node: root.node, chain: [], root: true });
  }
  return graph.order;
}

/** The classes of a file marked `@Injectable()`. */
function injectables(scope: Scope, file: ts.SourceFile): ts.ClassDeclaration[] {
  return file.statements
    .filter(ts.isClassDeclaration)
    .filter((cls) => decoratorsOf(cls).some((d) => scope.fw.decorator(d)?.name === 'Injectable'));
}

/** Where a visit comes from: the parameter (or root class) and the chain of names above it. */
interface From {
  readonly node: ts.Node;
  readonly chain: readonly string[];
  readonly root: boolean;
}

class GraphWalk {
  readonly order: InstanceModel[] = [];
  readonly #state = new Map<string, 'visiting' | 'done' | 'failed'>();
  readonly #stack: string[] = [];
  readonly #makers = new Map<string, Maker | Missing>();
  readonly #cycles = new Set<string>();

  readonly scope: Scope;
  readonly providers: ReadonlyMap<string, FoundProvider>;

  constructor(scope: Scope, providers: ReadonlyMap<string, FoundProvider>) {
    this.scope = scope;
    this.providers = providers;
  }

  /** Adds `key` and what it needs to the order; false when it cannot be made (reported). */
  visit(key: TypeKey, type: ts.Type, from: From): boolean {
    const state = this.#state.get(key.id);
    if (state === 'done') return true;
    if (state === 'failed') return false;
    if (state === 'visiting') return this.#cycle(key, from);
    const maker = this.#maker(key, type);
    if ('missing' in maker) {
      const chain = [...from.chain, key.name].join(' → ');
      const message = `${chain}: ${maker.missing}`;
      this.scope.report('FW0402', from.node, message);
      this.#state.set(key.id, 'failed');
      return false;
    }
    this.#state.set(key.id, 'visiting');
    this.#stack.push(key.id);
    const chain = [...from.chain, key.name];
    const args: (string | null)[] = [];
    let ok = maker.needs !== undefined;
    for (const need of maker.needs ?? []) {
      const needKey = need.type === undefined ? undefined : typeKey(this.scope, need.type);
      if (need.type === undefined) continue;
      if (needKey === undefined && need.optional) {
        args.push(null);
        continue;
      }
      if (needKey === undefined) {
        ok = false;
        const what = nodeText(need.node);
        const message = `${chain.join(' → ')}: parameter '${need.name}' has a type with no name to match a provider by (\`${what}\`); name it (an interface, a class or a type alias) and provide it`;
        this.scope.report('FW0402', need.node, message);
        continue;
      }
      if (need.optional && !this.#canMake(needKey, need.type)) {
        args.push(null);
        continue;
      }
      ok = this.visit(needKey, need.type, { node: need.node, chain, root: false }) && ok;
      args.push(needKey.id);
    }
    this.#stack.pop();
    const failed = this.#state.get(key.id) === 'failed';
    this.#state.set(key.id, ok && !failed ? 'done' : 'failed');
    if (!ok || failed) return false;
    this.order.push({
      id: key.id,
      name: key.name,
      create: maker.create,
      at: maker.at,
      root: from.root,
      args,
    });
    return true;
  }

  #cycle(key: TypeKey, from: From): false {
    const start = this.#stack.indexOf(key.id);
    const members = this.#stack.slice(start);
    for (const id of members) this.#state.set(id, 'failed');
    const above = from.chain.slice(0, from.chain.length - members.length);
    const names = [...from.chain.slice(above.length), key.name];
    const reached = above.length === 0 ? '' : ` (reached from ${above.join(' → ')})`;
    const id = [...members].sort().join('\n');
    if (!this.#cycles.has(id)) {
      this.#cycles.add(id);
      const message = `a dependency cycle: ${names.join(' → ')}${reached}; each needs the next to be created first: break it by passing one of them what it needs later (a method, or an event), or by moving the shared part into a class of its own`;
      this.scope.report('FW0401', from.node, message);
    }
    return false;
  }

  #canMake(key: TypeKey, type: ts.Type): boolean {
    return !('missing' in this.#maker(key, type));
  }

  #maker(key: TypeKey, type: ts.Type): Maker | Missing {
    let maker = this.#makers.get(key.id);
    if (maker === undefined) {
      maker = this.#makerOf(key, type);
      this.#makers.set(key.id, maker);
    }
    return maker;
  }

  #makerOf(key: TypeKey, type: ts.Type): Maker | Missing {
    const provided = this.providers.get(key.id);
    if (provided !== undefined) {
      return {
        key,
        create: { kind: 'provider', ref: provided.ref, async: provided.async },
        at: provided.at,
        needs: provided.params.map((p) => this.#providerNeed(p)),
      };
    }
    const { scope } = this;
    const symbol = partsOf(type).parts[0]?.getSymbol();
    const cls = symbol?.declarations?.find(ts.isClassDeclaration);
    const fix = `add one: \`export const ${variableName(key.name)} = provider((): ${key.name} => …)\``;
    const where = (node: ts.Node) => formatAt(scope.locate(node));
    if (cls === undefined || symbol === undefined) {
      const what = kindOf(symbol, key);
      return { missing: `no provider for ${key.name}, ${what}; ${fix}` };
    }
    const at = scope.locate(cls);
    const file = cls.getSourceFile();
    const ref = this.#classRef(cls);
    const notMade = (why: string, instead = '') => ({
      missing: `no provider for ${key.name}, and ${why}; ${instead}${fix}`,
    });
    if (ref === undefined) {
      return scope.isProjectFile(file)
        ? notMade(
            `class ${key.name} (${where(cls)}) is not exported by its name from ${scope.fileOf(file)}`,
            'export it, or ',
          )
        : notMade(`class ${key.name} is declared in a package, which fw does not construct`);
    }
    if (ts.getCombinedModifierFlags(cls) & ts.ModifierFlags.Abstract) {
      return notMade(`class ${key.name} (${where(cls)}) is abstract`);
    }
    if (cls.typeParameters !== undefined) {
      return notMade(
        `class ${symbol.name} (${where(cls)}) is generic: fw cannot choose its type arguments`,
      );
    }
    const statics = scope.checker.getTypeOfSymbolAtLocation(symbol, cls);
    const signatures = statics.getConstructSignatures();
    if (signatures.length > 1) {
      return notMade(`the constructor of ${key.name} (${where(cls)}) is overloaded`);
    }
    const ctor = signatures[0]?.getDeclaration();
    if (
      ctor !== undefined &&
      ts.isConstructorDeclaration(ctor) &&
      ts.getCombinedModifierFlags(ctor) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)
    ) {
      return notMade(`the constructor of ${key.name} (${where(ctor)}) is not public`);
    }
    const params = signatures[0]?.getParameters() ?? [];
    const needs = params.map((p) => this.#constructorNeed(key, p));
    return {
      key,
      create: { kind: 'class', ref },
      at,
      needs: needs.every((n) => n !== undefined) ? needs : undefined,
    };
  }

  /** Where the generated module imports a class from; undefined when it cannot. */
  #classRef(cls: ts.ClassDeclaration): ImportRef | undefined {
    const known = this.scope.interceptors.get(cls);
    if (known !== undefined) return known;
    const file = cls.getSourceFile();
    const name = cls.name?.text;
    if (!this.scope.isProjectFile(file) || name === undefined) return undefined;
    if (!exportsAs(this.scope.checker, file, name, cls)) return undefined;
    return { from: 'file', module: this.scope.fileOf(file), name };
  }

  #providerNeed(p: ts.ParameterDeclaration): Need {
    const optional = p.questionToken !== undefined || p.initializer !== undefined;
    const type = p.type === undefined ? undefined : this.scope.checker.getTypeFromTypeNode(p.type);
    return { name: paramName(p), node: p, optional: optional || undefinedToo(type), type };
  }

  #constructorNeed(key: TypeKey, symbol: ts.Symbol): Need | undefined {
    const p = symbol.valueDeclaration;
    if (p === undefined || !ts.isParameter(p)) return undefined;
    const who = `${key.name} constructor parameter '${paramName(p)}'`;
    if (p.dotDotDotToken !== undefined) {
      const message = `${who} is a rest parameter; the graph passes one instance per parameter: declare each one`;
      return void this.scope.report('FW0406', p, message);
    }
    if (p.type === undefined && p.initializer === undefined) {
      const message = `${who} has no type annotation; fw injects by type: annotate it (\`${paramName(p)}: UserStore\`)`;
      return void this.scope.report('FW0406', p, message);
    }
    const type = this.scope.checker.getTypeOfSymbol(symbol);
    const optional = p.questionToken !== undefined || p.initializer !== undefined;
    return { name: paramName(p), node: p, optional: optional || undefinedToo(type), type };
  }
}

function undefinedToo(type: ts.Type | undefined): boolean {
  return type !== undefined && partsOf(type).undefinedToo;
}

function paramName(p: ts.ParameterDeclaration): string {
  return ts.isIdentifier(p.name) ? p.name.text : nodeText(p.name);
}

/** `an interface (file:line)`, `a type alias`, `a primitive`, … for FW0402. */
function kindOf(symbol: ts.Symbol | undefined, key: TypeKey): string {
  if (symbol === undefined) return key.id.includes('#') ? 'a type alias' : 'a primitive';
  if (symbol.flags & ts.SymbolFlags.Interface) return 'an interface';
  if (symbol.flags & ts.SymbolFlags.Enum) return 'an enum';
  return 'a type alias';
}
