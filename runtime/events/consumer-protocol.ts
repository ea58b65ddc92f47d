/**
 * How the pipeline runs a consumed event: the transport has already chosen the route, a result is
 * not sent anywhere, and an error becomes the message's negative acknowledgement.
 */
import type { EventContext } from '../context/event-context.js';
import type { Protocol } from '../core/pipeline.js';
import { FwError } from '../errors.js';

/** The consumer {@link Protocol}. */
export const consumerProtocol: Protocol<EventContext> = {
  route(ctx) {
    throw new FwError('FW_ERR_NO_CONSUMER', { event: ctx.eventName() });
  },
  checkpoint() {},
  stage() {},
  respond() {},
};
