/**
 * The body staged for a file. Until the staged response takes a stream, the file's bytes are read
 * into one buffer: the stream `send` opened, collected.
 */
import type { SentFile } from './send-file.js';

/** The file's bytes, or undefined for a HEAD or a 304 (no body). @internal */
export async function fileBody(file: SentFile): Promise<Uint8Array | undefined> {
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) {
    // `send` answers HEAD and 304 with `Readable.from('')`: strings, not bytes.
    if (typeof chunk !== 'string') chunks.push(chunk as Buffer);
  }
  return chunks.length === 0 ? undefined : Buffer.concat(chunks);
}
