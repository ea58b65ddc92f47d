/**
 * How the pipeline runs a consumed event: the transport has already chosen the route, a result is
 * not sent anywhere, and an error becomes the message's negative acknowledgement.
 */

import { FwError } from '../core/errors.js';
import type { Protocol } from '../core/pipeline/pipeline.js';
import type { EventContext } from './event-context.js';

/** The consumer {@link Protocol}. */
export const consumerProtocol: Protocol<EventContext> = {
  route(ctx) {
    throw new FwError('FW_ERR_NO_CONSUMER', { event: ctx.eventName() });
  },
  checkpoint() {},
  stage() {},
  respond() {},
};
