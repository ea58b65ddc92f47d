/**
 * The `ws` server of the WebSocket gateways, created at the first upgrade instead of at
 * `createApp`: importing `ws` costs a process tens of milliseconds before its first request, and
 * an app without gateways, or a worker that only consumes events, never needs it. `listen()` of an
 * app with gateways imports it first ({@link loadWebSocketLibrary}), so upgrades stay synchronous.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ServerOptions, WebSocket, WebSocketServer as WsServer } from 'ws';

type HeadersListener = (headers: string[], req: IncomingMessage) => void;

let library: typeof WsServer | undefined;
let loading: Promise<void> | undefined;

/** Imports `ws`, once; {@link WebSocketServer.handleUpgrade} needs it done. */
export function loadWebSocketLibrary(): Promise<void> {
  loading ??= import('ws').then((m) => {
    library = m.WebSocketServer;
  });
  return loading;
}

/** The part of `ws`'s `WebSocketServer` the gateways use (`noServer`), created when first used. */
export class WebSocketServer {
  readonly #options: ServerOptions;
  readonly #listeners: HeadersListener[] = [];
  #server: WsServer | undefined;

  constructor(options: ServerOptions) {
    this.#options = options;
  }

  /** Listens to `headers`, written into each `101` response. */
  on(event: 'headers', listener: HeadersListener): this {
    this.#listeners.push(listener);
    this.#server?.on(event, listener);
    return this;
  }

  handleUpgrade(
    req: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    callback: (ws: WebSocket, req: IncomingMessage) => void,
  ): void {
    this.#created().handleUpgrade(req, socket, head, callback);
  }

  #created(): WsServer {
    if (this.#server !== undefined) return this.#server;
    if (library === undefined) {
      throw new Error('ws is not loaded: loadWebSocketLibrary() must resolve before an upgrade');
    }
    const server = new library(this.#options);
    for (const listener of this.#listeners) server.on('headers', listener);
    this.#server = server;
    return server;
  }
}
