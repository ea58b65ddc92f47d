/** The argument resolver of the event input: a consumed message's own context. */
import { ProtocolContextResolver } from '../core/resolvers/context-resolvers.js';
import { isConsumerRequestContext } from './event-context.js';

/** `ConsumerRequestContext`, for an event message. */
export class ConsumerRequestContextResolver extends ProtocolContextResolver {
  readonly type = 'fw/core#ConsumerRequestContext';
  protected readonly accepts = isConsumerRequestContext;
  protected readonly refusal = 'FW_ERR_NOT_CONSUMER_CONTEXT';
}
