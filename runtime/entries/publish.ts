/** `fw/publish`: domain events, their dispatch after a successful execution, and publishers. */

export type { DomainEvent } from '../core/pipeline/event-bus.js';
export { PUBLISHER_KEY, publishEvents } from '../core/pipeline/publish.js';
export {
  DefaultDispatcher,
  type Dispatcher,
  type EventPublisher,
  eventDispatchHook,
} from '../events/dispatcher.js';
export {
  type EventCodec,
  type PublishOptions,
  type TypedPublisher,
  typedPublisher,
} from '../events/typed-publisher.js';
