/**
 * fwgen's emitter: the model, as a view model, through `templates/bindings.hbs` (each controller
 * through `templates/controller.hbs`), to the text of the bindings module. Deterministic; the only
 * I/O is reading the templates, once. Controllers' texts are kept between renders (`view-cache.ts`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Handlebars from 'handlebars';
import type { AppModel } from '../ir.js';
import type { BindingsView, ControllerView } from './view.js';
import { cachedText } from './view-cache.js';
import { buildView } from './view-model.js';

let template: Handlebars.TemplateDelegate<BindingsTemplate> | undefined;
let controllerTemplate: Handlebars.TemplateDelegate<ControllerView> | undefined;

/** What `bindings.hbs` prints: the view, each controller rendered by `controller.hbs`. */
type BindingsTemplate = Omit<BindingsView, 'controllers'> & { readonly controllers: string[] };

/**
 * The generated module for `model`, written to `out` (its path from the project root, such as
 * `examples/app/bindings.ts`, which relative imports start from).
 */
export function render(model: AppModel, out: string): string {
  template ??= compile(readFileSync(join(templatesDir(), 'bindings.hbs'), 'utf8'));
  const one = (controllerTemplate ??= compile(
    readFileSync(join(templatesDir(), 'controller.hbs'), 'utf8'),
  ));
  const view = buildView(model, out);
  const controllers = view.controllers.map((c) => cachedText(c, (v) => one(v).replace(/\n$/, '')));
  const text = template({ ...view, controllers }).replace(EMPTY_LIST, '[]');
  return `${text.replace(/\n+$/, '')}\n`;
}

/**
 * A list the template opened and closed on two lines with nothing between (no controllers, a
 * controller without handlers), written `[]` as a formatter would. Generated strings are quoted on
 * one line, so this matches nothing else.
 */
const EMPTY_LIST = /\[\n[ ]*\]/g;

/** The package's `templates/` folder: beside `cli/` from source, beside `dist/` when built. */
export function templatesDir(from = dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'templates');
    if (existsSync(join(candidate, 'bindings.hbs'))) return candidate;
    if (dirname(dir) === dir) throw new Error(`fwgen: no templates/bindings.hbs above ${from}`);
  }
}

function compile<T>(source: string): Handlebars.TemplateDelegate<T> {
  const hbs = Handlebars.create();
  return hbs.compile<T>(source.replaceAll('\r\n', '\n'), {
    noEscape: true,
    strict: true,
  });
}
