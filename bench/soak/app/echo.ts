/** The soak's WebSocket gateway: every message comes back as it was sent. */
import { OnMessage, WebSocketGateway } from 'fw';
import type { WebSocketContext } from 'fw/core';

@WebSocketGateway('/echo')
export class EchoGateway {
  @OnMessage()
  echo(ctx: WebSocketContext): Uint8Array {
    return ctx.payload();
  }
}
