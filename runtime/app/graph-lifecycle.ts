/**
 * `onInit` and `onClose` of the graph's instances: `start()` initialises each, in dependency
 * order, before the transport starts and the port opens; `close()` closes them in reverse, last
 * of all. A failing `onInit` closes what was initialised before it; a failing `onClose` is logged
 * and the rest still close.
 */
import { type Logger, log } from '../core/log/logger.js';
import type { Managed } from './instances.js';

/** What an instance may implement to take part in the app's start and close. */
interface Hooks {
  onInit?(): void | Promise<void>;
  onClose?(): void | Promise<void>;
}

/** Calls `instance[hook]()` when it has one. */
async function call(instance: unknown, hook: keyof Hooks): Promise<void> {
  const target = instance as Hooks | null | undefined;
  if (typeof target?.[hook] === 'function') await target[hook]();
}

/** The initialised instances of one app. @internal */
export class InstanceLifecycle {
  readonly #logger: Logger;
  /** What `init` went through, in order: what `close` closes, in reverse. */
  #open: Managed[] = [];
  #initialised = false;

  constructor(logger: Logger) {
    this.#logger = logger;
  }

  /**
   * Awaits each instance's `onInit`, in order, once: a later call does nothing, unless one
   * failed. Then it rejects with that `onInit`'s error, after closing the ones before it.
   */
  async init(instances: readonly Managed[]): Promise<void> {
    if (this.#initialised) return;
    for (const managed of instances) {
      try {
        await call(managed.instance, 'onInit');
      } catch (err) {
        await this.close();
        throw err;
      }
      this.#open.push(managed);
    }
    this.#initialised = true;
  }

  /** Awaits each initialised instance's `onClose`, in reverse, logging a failure and going on. */
  async close(): Promise<void> {
    const open = this.#open.splice(0).reverse();
    this.#initialised = false;
    for (const { key, instance } of open) {
      try {
        await call(instance, 'onClose');
      } catch (err) {
        log(this.#logger, 'error', { err, key }, 'onClose failed');
      }
    }
  }
}
