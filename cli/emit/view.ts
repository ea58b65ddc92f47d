/**
 * The view model's types: what the templates print. `view-model.ts` builds them and
 * `view-cache.ts` keeps controllers' views between renders; both read them from here.
 */
import type { GraphView } from './graph.js';
import type { ReaderFunction } from './query-readers.js';
import type { CheckerFunction } from './validators.js';
import type { WriterFunction } from './writers.js';

/** What the template prints. */
export interface BindingsView {
  readonly header: string;
  readonly imports: readonly string[];
  readonly checkers: readonly CheckerFunction[];
  readonly writers: readonly WriterFunction[];
  readonly readers: readonly ReaderFunction[];
  readonly version: number;
  /** The object graph: none or one. */
  readonly graph: readonly GraphView[];
  readonly controllers: readonly ControllerView[];
}

/** One `defineController({ … })`. */
export interface ControllerView {
  readonly type: string;
  readonly name: string;
  readonly source: string;
  readonly interceptors: string;
  /** An event consumer's `delivery` object: none or one. */
  readonly delivery: readonly string[];
  readonly handlers: readonly HandlerView[];
}

/** One handler object. */
export interface HandlerView {
  readonly name: string;
  readonly method: string;
  readonly path: string;
  readonly source: string;
  readonly interceptors: string;
  readonly params: string;
  readonly invoke: string;
  /** The handler's response writer, when its answer has one: none or one name. */
  readonly serialize: readonly string[];
}
