/**
 * Writes a stream body to a Node response: the head goes out with the first chunk, each later chunk
 * is read only once Node has taken the one before (`write()` true, or `'drain'`), and a client that
 * goes away cancels the source at once, even while a read waits.
 */
import type { ServerResponse } from 'node:http';
import { toError } from '../core/error-chain.js';
import { FwError } from '../core/errors.js';
import type { HttpExchange, OutgoingHead } from '../http/exchange.js';
import type { StreamSource } from '../http/stream-body.js';

/**
 * Streams `source` to `res` after `head`. `start` is called just before the head is written, and
 * answers false when the response can no longer be written (answered already at a deadline).
 * Resolves at the end or when the client has gone; rejects with the source's failure, having sent
 * the problem response (failure before the first chunk) or cut the connection (after it).
 */
export async function streamToNode(
  res: ServerResponse,
  head: OutgoingHead,
  source: StreamSource,
  exchange: HttpExchange,
  start: () => boolean,
): Promise<void> {
  const gone = () => {
    if (!res.writableFinished) source.cancel();
  };
  res.once('close', gone);
  try {
    let chunk = await firstChunk(source, exchange, res);
    if (res.destroyed) return;
    if (!start()) {
      source.cancel();
      return;
    }
    res.writeHead(head.status, head.headers);
    if (chunk === undefined) {
      res.end();
      return;
    }
    const declared = head.length;
    let sent = 0;
    try {
      while (chunk !== undefined) {
        if (declared !== undefined) {
          sent += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength;
          if (sent > declared) throw lengthError(source, declared, sent);
        }
        if (!res.write(chunk)) await drained(res);
        chunk = await source.read();
      }
      if (declared !== undefined && sent !== declared && !res.destroyed) {
        throw lengthError(source, declared, sent);
      }
    } catch (err) {
      // The head is out: the only way left to tell the client is to cut the connection, so it
      // sees the chunked body end without its last chunk. What was written goes first: Node hands
      // it to the socket on the next tick.
      setImmediate(() => res.destroy());
      throw err;
    }
    if (!res.destroyed) res.end();
  } finally {
    res.off('close', gone);
  }
}

/** The first chunk; when the source fails before it, its problem response is sent instead. */
async function firstChunk(
  source: StreamSource,
  exchange: HttpExchange,
  res: ServerResponse,
): Promise<Awaited<ReturnType<StreamSource['read']>>> {
  try {
    return await source.read();
  } catch (err) {
    if (!res.destroyed && !res.headersSent) exchange.restage(toError(err));
    throw err;
  }
}

/** The stream gave other than its declared size: stopped, and the connection is cut. */
function lengthError(source: StreamSource, declared: number, sent: number): FwError {
  source.cancel();
  return new FwError('FW_ERR_STREAM_LENGTH', { declared, sent });
}

/** Resolves when `res` can take more, or has closed. */
function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}
