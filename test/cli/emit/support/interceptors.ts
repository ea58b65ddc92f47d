/** Route interceptors for the samples. */
import type { Interceptor } from 'fw/core';

/** Runs first. */
export class TimingInterceptor implements Interceptor {
  preHandle(): void {}
}

/** Runs after the class's own. */
export class AuditInterceptor implements Interceptor {
  afterCompletion(): void {}
}
