/**
 * Watch mode renders again after every edit, and most controllers' models are the same objects as
 * the last time (the analyzer keeps the models of the files an edit cannot reach). A controller's
 * view and its rendered text are kept per model object, while the names it uses from the rest of
 * the module (imports, validators, writers, readers) are the same; models are never mutated.
 */
import type { ControllerModel } from '../ir.js';
import type { ControllerView } from './view.js';

const views = new WeakMap<
  ControllerModel,
  { readonly names: string; readonly view: ControllerView }
>();
const texts = new WeakMap<object, string>();

/** The view of `model` made the last time with the same `names`, else `make()`'s. */
export function cachedView(
  model: ControllerModel,
  names: string,
  make: () => ControllerView,
): ControllerView {
  const kept = views.get(model);
  if (kept !== undefined && kept.names === names) return kept.view;
  const view = make();
  views.set(model, { names, view });
  return view;
}

/**
 * The text of `view` rendered the last time, else `render(view)`'s: a controller's, or a checker's
 * or a writer's kept with its type (`type-cache.ts`). Views are never mutated.
 */
export function cachedText<V extends object>(view: V, render: (view: V) => string): string {
  let text = texts.get(view);
  if (text === undefined) {
    text = render(view);
    texts.set(view, text);
  }
  return text;
}
