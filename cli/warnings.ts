/**
 * What fwgen warns about: things that are not wrong for certain, but usually are. A warning is
 * printed with its code frame and never changes the exit code or the output.
 */
import { type AppModel, compareText, type Diagnostic } from './ir.js';

/**
 * FW0501 for each event name the code publishes (`publishEvents(ctx, event)`, where fwgen reads
 * the event's type) that no `@OnEvent` handler of the project takes, at its first place. On a
 * broker another service may consume it, so this is a warning; in one app it is a silent drop.
 */
export function unconsumedEvents(model: AppModel): Diagnostic[] {
  const consumed = new Set(
    model.controllers.flatMap((c) => (c.kind === 'events' ? c.handlers.map((h) => h.path) : [])),
  );
  const warned = new Set<string>();
  const warnings: Diagnostic[] = [];
  for (const event of model.published ?? []) {
    if (consumed.has(event.name) || warned.has(event.name)) continue;
    warned.add(event.name);
    warnings.push({
      code: 'FW0501',
      message:
        `the code publishes event '${event.name}', but no @OnEvent('${event.name}') in the ` +
        'project consumes it: in this app it is dropped (fine only if another service consumes it)',
      at: event.at,
    });
  }
  return warnings;
}

/** The model's warnings, in file order. */
export function warningsOf(model: AppModel): Diagnostic[] {
  return unconsumedEvents(model).sort(
    (a, b) =>
      compareText(a.at.file, b.at.file) || a.at.line - b.at.line || a.at.column - b.at.column,
  );
}
