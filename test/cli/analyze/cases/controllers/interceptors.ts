import type { Interceptor } from 'fw/core';

/** Declared in the project and exported. */
export class Audit implements Interceptor {
  afterCompletion(): void {}
}

/** Exported under its own name, imported under another. */
export class Timing implements Interceptor {
  preHandle(): void {}
}
