import type { Interceptor } from 'fw/core';

/** An interceptor declared in the project. */
export class Audit implements Interceptor {
  afterCompletion(): void {}
}
