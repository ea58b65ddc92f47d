/**
 * No silent drops: an app that publishes an event none of its `@OnEvent` consumers takes says so,
 * once per event name, at `warn`. The event is still published (on a broker another service may
 * consume it); the in-memory transport has no one else to give it to.
 */
import { type Logger, log } from '../core/log/logger.js';

/**
 * Answers a check to run on each published event name: the first time a name that `consumed`
 * rejects is published, it is logged (`event has no consumer in this app`, with `event`). @internal
 */
export function warnUnconsumed(
  logger: Logger,
  consumed: (eventName: string) => boolean,
): (eventName: string) => void {
  const warned = new Set<string>();
  return (eventName) => {
    if (consumed(eventName) || warned.has(eventName)) return;
    warned.add(eventName);
    log(logger, 'warn', { event: eventName }, 'event has no consumer in this app');
  };
}
