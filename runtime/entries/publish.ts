/** `fw/publish`: domain events, their dispatch after a successful execution, and publishers. */

export { PUBLISHER_KEY, publishEvents } from '../core/pipeline/publish.js';
export type { DomainEvent } from '../core/pipeline/types.js';
export {
  DefaultDispatcher,
  type Dispatcher,
  type EventPublisher,
  eventDispatchHook,
} from '../events/dispatcher.js';
