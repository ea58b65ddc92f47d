/**
 * The logger of a transport: the `logger` it was created with, else the app's, handed over when
 * the app starts it, else fw's JSON lines (a transport used on its own). Every transport follows
 * this one rule.
 */
import { jsonLogger } from './json-logger.js';
import type { LogFields, Logger } from './logger.js';

/** A {@link Logger} that writes to the first of its own, the app's and the default. @internal */
export class FallbackLogger implements Logger {
  readonly #own: Logger | undefined;
  #app: Logger | undefined;
  #default: Logger | undefined;

  constructor(own: Logger | undefined) {
    this.#own = own;
  }

  /** Takes the app's logger, used unless the transport was given its own. */
  adopt(app: Logger | undefined): void {
    this.#app = app;
  }

  error(fields: LogFields, message: string): void {
    this.#target().error(fields, message);
  }

  warn(fields: LogFields, message: string): void {
    this.#target().warn(fields, message);
  }

  info(fields: LogFields, message: string): void {
    this.#target().info(fields, message);
  }

  debug(fields: LogFields, message: string): void {
    this.#target().debug?.(fields, message);
  }

  #target(): Logger {
    return this.#own ?? this.#app ?? (this.#default ??= jsonLogger());
  }
}
