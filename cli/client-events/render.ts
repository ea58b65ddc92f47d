/**
 * `fwgen --client-events`: the typed publisher of an application's events, for Node services
 * outside the app. The view model (`view-model.ts`) through `templates/client-events.hbs`, whose
 * checkers and writers are the bindings' own partials (`checker.hbs`, `writer.hbs`). Deterministic;
 * the only I/O is reading the templates, once.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Handlebars from 'handlebars';
import { templatesDir } from '../emit/render.js';
import type { AppModel } from '../ir.js';
import { buildClientEventsView, type ClientEventsView } from './view-model.js';

let template: Handlebars.TemplateDelegate<ClientEventsView> | undefined;

/** The publisher module's text for `model`. */
export function renderClientEvents(model: AppModel): string {
  template ??= load(templatesDir());
  return template(buildClientEventsView(model));
}

/** `client-events.hbs` on a Handlebars instance of its own, every template a partial by its name. */
function load(dir: string): Handlebars.TemplateDelegate<ClientEventsView> {
  const hbs = Handlebars.create();
  const read = (file: string): string =>
    readFileSync(join(dir, file), 'utf8').replaceAll('\r\n', '\n');
  for (const file of readdirSync(dir).sort()) {
    if (file.endsWith('.hbs')) hbs.registerPartial(file.slice(0, -'.hbs'.length), read(file));
  }
  return hbs.compile<ClientEventsView>(read('client-events.hbs'), {
    noEscape: true,
    strict: true,
  });
}
