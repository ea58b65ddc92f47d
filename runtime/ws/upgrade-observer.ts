/**
 * What the WebSocket gateways tell an observer (telemetry) of each upgrade request and each
 * connection, so that the server layer needs to know nothing of what observes it. The gateway
 * keeps {@link UpgradeWatch.context} in its connection's `Context` under {@link UPGRADE_TRACE}:
 * every message of the connection can then find the upgrade it came through.
 */

import type { WebSocketSender } from './sender.js';

/** The key of the connection's `Context` value that an {@link UpgradeWatch} gave. */
export const UPGRADE_TRACE: unique symbol = Symbol('fw.upgradeTrace');

/** An upgrade request as it arrives, before it is routed. */
export interface UpgradeRequest {
  /** The path of the request target, without the query. */
  readonly path: string;
  /** A header field's value, by its lower-case name; undefined when absent. */
  header(name: string): string | undefined;
  /** The client's address, or '' when the socket has none. */
  readonly remoteAddress: string;
  /** The server's port the request came in on, when known. */
  readonly localPort: number | undefined;
}

/** One upgrade being watched, from its arrival to its answer. */
export interface UpgradeWatch {
  /** What the gateway keeps in the connection's `Context` under {@link UPGRADE_TRACE}. */
  readonly context: unknown;
  /**
   * The upgrade was answered: `status` 101 when accepted, the status it was refused with, or 0
   * when the client left first; `route` is the gateway's path when the request matched one;
   * `err` why it was refused.
   */
  end(status: number, route: string | undefined, err: Error | undefined): void;
}

/** Watches the upgrades and connections of an app's gateways. */
export interface UpgradeObserver {
  /** Called as an upgrade request arrives. */
  begin(request: UpgradeRequest): UpgradeWatch;
  /** A connection opened on gateway path `route`; the function answered is called once it has closed. */
  opened(route: string): () => void;
  /**
   * The sender `sendMessage` uses on connection `connId` of gateway path `route`, in place of
   * `sender`: a push from anywhere (a consumer, a timer) is seen under what was active then.
   */
  sending(sender: WebSocketSender, route: string, connId: string): WebSocketSender;
}
