import { Injectable } from 'fw';
import type { ExecutionContext, Interceptor } from 'fw/core';
import { RESPONSE_WRITER_KEY, type ResponseWriter } from 'fw/core';

/**
 * Reads a bearer token and stores who is calling, for handlers to read from their context. A
 * global interceptor (`createApp({ interceptors: [AuthInterceptor] })`): no controller names it,
 * so `@Injectable()` makes fwgen create it.
 */
@Injectable()
export class AuthInterceptor implements Interceptor {
  preHandle(ctx: ExecutionContext): void {
    const auth = ctx.header('authorization');
    if (auth.startsWith('Bearer ')) ctx.set('auth.user', auth.slice('Bearer '.length));
  }
}

/** Adds how long the handler took as a `Server-Timing` header. */
export class TimingInterceptor implements Interceptor {
  preHandle(ctx: ExecutionContext): void {
    ctx.set('timing.start', performance.now());
  }

  postHandle(ctx: ExecutionContext): void {
    const start = ctx.get<number>('timing.start') ?? performance.now();
    const writer = ctx.get<ResponseWriter>(RESPONSE_WRITER_KEY);
    writer?.setHeader('Server-Timing', `handler;dur=${(performance.now() - start).toFixed(2)}`);
  }
}
