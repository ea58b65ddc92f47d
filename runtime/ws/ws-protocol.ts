/**
 * How the pipeline runs a WebSocket message: the route was chosen at the upgrade, a result is
 * staged as the reply (written by the handler's generated writer when it has one) and sent on the
 * same connection after success; an error is handled by the connection, which closes
 * (close-codes.ts).
 */

import { FwError } from '../core/errors.js';
import type { Protocol } from '../core/pipeline/pipeline.js';
import type { WsMessage } from './ws-message.js';

/** The WebSocket {@link Protocol}. */
export const webSocketProtocol: Protocol<WsMessage> = {
  route(msg) {
    // Every message arrives with its gateway's route; this answers a message that somehow has none.
    throw new FwError('FW_ERR_WEBSOCKET_NOT_FOUND', { path: msg.path() });
  },
  checkpoint() {},
  stage(msg, result, route) {
    msg.stage(result, route.serialize);
  },
  respond(msg, err) {
    if (err === undefined) msg.reply();
  },
};
