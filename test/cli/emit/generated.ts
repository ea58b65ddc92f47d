/**
 * Generated modules the behaviour tests run: rendered into `.generated/` (inside the repository,
 * so `fw` and the support classes resolve as they do for an application), imported, then deleted.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Bindings } from 'fw';
import type { Validator } from 'fw/core';
import { render } from '../../../cli/emit/render.js';
import type { AppModel, NamedType, Shape } from '../../../cli/ir.js';
import { app, controller, handler, param } from './builder.js';

const HERE = dirname(fileURLToPath(import.meta.url));

/** Where the module `name` is written. */
export const generatedPath = (name: string): string => join(HERE, '.generated', `${name}.ts`);

/**
 * Renders `types` into the module `name`, each type the body of one `Probe.take` handler, imports
 * it and returns the generated validator of each type by its name.
 */
export async function loadValidators(
  name: string,
  types: readonly NamedType[],
): Promise<Record<string, Validator>> {
  const handlers = types.map((t, i) =>
    handler('take', 'POST', `/probe/${i}`, [param(0, 'body', t.id, { validate: t.id })]),
  );
  const model = app([controller('Probe', 'test/cli/emit/support/controllers.ts', handlers)], types);
  const file = generatedPath(name);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, render(model, `test/cli/emit/.generated/${name}.ts`));
  const { bindings } = (await import(pathToFileURL(file).href)) as { bindings: Bindings };
  const validators: Record<string, Validator> = {};
  const routes = bindings.controllers[0]?.handlers ?? [];
  types.forEach((t, i) => {
    const validate = routes[i]?.params[0]?.validate;
    if (validate !== undefined) validators[t.name] = validate;
  });
  return validators;
}

/** Deletes the module `name`. */
export function removeGenerated(name: string): void {
  rmSync(generatedPath(name), { force: true });
}

/**
 * Renders one `Probe.answer` handler per shape in `answers` (with `responses` as the model's
 * response types) into the module `name`, imports it and returns each handler's writer, in order.
 */
export async function loadWriters(
  name: string,
  answers: readonly Shape[],
  responses: readonly NamedType[] = [],
): Promise<((v: unknown) => string | undefined)[]> {
  const handlers = answers.map((response, i) => ({
    ...handler(`answer${i}`, 'GET', `/probe/${i}`, [], { line: i + 2 }),
    response,
  }));
  const model: AppModel = {
    ...app([controller('Probe', 'test/cli/emit/support/controllers.ts', handlers)]),
    responses,
  };
  const file = generatedPath(name);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, render(model, `test/cli/emit/.generated/${name}.ts`));
  const { bindings } = (await import(pathToFileURL(file).href)) as { bindings: Bindings };
  return (bindings.controllers[0]?.handlers ?? []).map((h) => {
    if (h.serialize === undefined) throw new Error(`${h.name} has no writer`);
    return h.serialize;
  });
}
