/**
 * fwgen's emitter: the model, as a view model, through the templates of `templates/` to the text
 * of the bindings module. `bindings.hbs` is the module and `controller.hbs` one controller; every
 * other template is a partial they include by its file name (`checker.hbs` as `{{> checker}}`).
 * They run on a Handlebars instance of their own, strict (a missing field throws) and without
 * HTML escaping. Deterministic; the only I/O is reading the templates, once. The texts of
 * controllers and of types' checkers and writers are kept between renders (`view-cache.ts`,
 * `type-cache.ts`).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Handlebars from 'handlebars';
import type { AppModel } from '../ir.js';
import type { BindingsView, CheckerView, ControllerView, WriterView } from './view.js';
import { cachedText } from './view-cache.js';
import { buildView } from './view-model.js';

/**
 * What `bindings.hbs` prints: the view, each controller, checker and writer rendered by its own
 * template (`controller.hbs`, `checker.hbs`, `writer.hbs`).
 */
type BindingsTemplate = Omit<BindingsView, 'controllers' | 'checkers' | 'writers'> & {
  readonly controllers: string[];
  readonly checkers: string[];
  readonly writers: string[];
};

interface Templates {
  readonly bindings: Handlebars.TemplateDelegate<BindingsTemplate>;
  readonly controller: Handlebars.TemplateDelegate<ControllerView>;
  readonly checker: Handlebars.TemplateDelegate<CheckerView>;
  readonly writer: Handlebars.TemplateDelegate<WriterView>;
}

let templates: Templates | undefined;

/**
 * The generated module for `model`, written to `out` (its path from the project root, such as
 * `examples/app/bindings.ts`, which relative imports start from).
 */
export function render(model: AppModel, out: string): string {
  const { bindings, controller, checker, writer } = (templates ??= load(templatesDir()));
  const view = buildView(model, out);
  const text =
    <V extends object>(template: Handlebars.TemplateDelegate<V>) =>
    (v: V): string =>
      cachedText(v, () => template(v).replace(/\n$/, ''));
  return bindings({
    ...view,
    controllers: view.controllers.map(text(controller)),
    checkers: view.checkers.map(text(checker)),
    writers: view.writers.map(text(writer)),
  });
}

/** The package's `templates/` folder: beside `cli/` from source, beside `dist/` when built. */
export function templatesDir(from = dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'templates');
    if (existsSync(join(candidate, 'bindings.hbs'))) return candidate;
    if (dirname(dir) === dir) throw new Error(`fwgen: no templates/bindings.hbs above ${from}`);
  }
}

/** Every template of `dir` on one new Handlebars instance, each a partial by its file name. */
function load(dir: string): Templates {
  const hbs = Handlebars.create();
  const read = (file: string): string =>
    readFileSync(join(dir, file), 'utf8').replaceAll('\r\n', '\n');
  for (const file of readdirSync(dir).sort()) {
    if (file.endsWith('.hbs')) hbs.registerPartial(file.slice(0, -'.hbs'.length), read(file));
  }
  const options = { noEscape: true, strict: true };
  return {
    bindings: hbs.compile<BindingsTemplate>(read('bindings.hbs'), options),
    controller: hbs.compile<ControllerView>(read('controller.hbs'), options),
    checker: hbs.compile<CheckerView>(read('checker.hbs'), options),
    writer: hbs.compile<WriterView>(read('writer.hbs'), options),
  };
}
