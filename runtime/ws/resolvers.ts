/** The argument resolvers of the WebSocket input: a message's own context, in its two shapes. */
import { ProtocolContextResolver } from '../core/resolvers/context-resolvers.js';
import { isWebSocketContext, isWebSocketMessageContext } from './ws-context.js';

/** `WebSocketContext`, for a WebSocket message. */
export class WebSocketContextResolver extends ProtocolContextResolver {
  readonly type = 'fw/core#WebSocketContext';
  protected readonly accepts = isWebSocketContext;
  protected readonly refusal = 'FW_ERR_NOT_WEBSOCKET_CONTEXT';
}

/** `WebSocketMessageContext`: as `WebSocketContext`, with the upgrade-request snapshot. */
export class WebSocketMessageContextResolver extends ProtocolContextResolver {
  readonly type = 'fw/core#WebSocketMessageContext';
  protected readonly accepts = isWebSocketMessageContext;
  protected readonly refusal = 'FW_ERR_NOT_WEBSOCKET_CONTEXT';
}
