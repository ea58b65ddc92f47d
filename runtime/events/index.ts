/** `fw/publish`: domain events, their dispatch after a successful execution, and publishers. */
export type { DomainEvent } from '../core/types.js';
export {
  DefaultDispatcher,
  type Dispatcher,
  type EventPublisher,
  eventDispatchHook,
} from './dispatcher.js';
export { PUBLISHER_KEY, publishEvents } from './publish.js';
