/**
 * The analysis of one source file, in two steps that watch mode can keep between runs: the scan
 * (its controller classes and the interceptors they name) and the model (its controllers' models,
 * the named types they reach and the events it publishes). Each file's types are collected in its
 * own registries, so a file's model holds everything it contributes and can be reused alone.
 */
import { ts } from 'ts-morph';
import type { ControllerModel, HandlerModel, ImportRef, NamedType, PublishedEvent } from '../ir.js';
import { type FoundController, scanClass } from './class-scan.js';
import { docOf } from './jsdoc.js';
import { analyzeParams } from './params.js';
import { publishedEvents } from './published.js';
import { answersOf, responseShape, responseShapes } from './response.js';
import type { Scope } from './scope.js';
import { Shapes } from './shapes.js';

/** A file's controller classes and the interceptor classes they name, in source order. */
export interface FileScan {
  readonly found: readonly FoundController[];
  readonly interceptors: ReadonlyMap<ts.ClassDeclaration, ImportRef>;
}

/** What a file adds to the {@link AppModel}; its types sorted by id. */
export interface FileModel {
  readonly controllers: readonly ControllerModel[];
  readonly types: readonly NamedType[];
  readonly responses: readonly NamedType[];
  readonly documented: readonly NamedType[];
  readonly published: readonly PublishedEvent[];
}

/** Finds the file's controllers; problems go to the scope's. */
export function scanFile(scope: Scope, file: ts.SourceFile): FileScan {
  const own: Scope = { ...scope, interceptors: new Map() };
  const found = classesOf(file).flatMap((c) => scanClass(own, c) ?? []);
  return { found, interceptors: own.interceptors };
}

/** The models of the file's exported controllers that did not lose a route (`losers`). */
export function modelFile(
  scope: Scope,
  file: ts.SourceFile,
  found: readonly FoundController[],
  losers: ReadonlySet<unknown>,
): FileModel {
  const shapes = new Shapes(scope);
  const answers = responseShapes(scope);
  const documented = responseShapes(scope);
  const controllers = found.flatMap((c) => {
    const model = controllerModel(scope, { shapes, answers, documented }, c, losers);
    return model === undefined || losers.has(c) || !c.exported ? [] : [model];
  });
  // A published event's type gets a writer, as a handler's answer does.
  const published = publishedEvents(scope, answers, [file]);
  return {
    controllers,
    types: shapes.types(),
    responses: answers.types(),
    documented: documented.types(),
    published,
  };
}

/** The controller's model with its valid handlers; its handlers' parameters are read either way. */
function controllerModel(
  scope: Scope,
  {
    shapes,
    answers,
    documented,
  }: { readonly shapes: Shapes; readonly answers: Shapes; readonly documented: Shapes },
  c: FoundController,
  losers: ReadonlySet<unknown>,
): ControllerModel | undefined {
  const handlers: HandlerModel[] = [];
  for (const h of c.handlers) {
    const params = analyzeParams(scope, shapes, h);
    if (params === undefined || h.path === undefined || h.interceptors === undefined) continue;
    if (losers.has(h)) continue;
    const { name, method, path, at, interceptors } = h;
    const response = responseShape(scope, answers, h);
    const doc = docOf(h.node);
    const said = answersOf(scope, documented, h);
    handlers.push({
      name,
      method,
      path,
      at,
      interceptors,
      params,
      ...(response === undefined ? {} : { response }),
      ...(doc === undefined ? {} : { doc }),
      ...(said === undefined ? {} : { answers: said }),
    });
  }
  if (c.interceptors === undefined) return undefined;
  const { kind, name, ref, at, interceptors, delivery } = c;
  const doc = docOf(c.node);
  return {
    kind,
    name,
    ref,
    at,
    interceptors,
    handlers,
    ...(delivery ? { delivery } : {}),
    ...(doc === undefined ? {} : { doc }),
  };
}

function classesOf(file: ts.SourceFile): ts.ClassLikeDeclaration[] {
  const found: ts.ClassLikeDeclaration[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isClassDeclaration(node) || ts.isClassExpression(node)) found.push(node);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}
