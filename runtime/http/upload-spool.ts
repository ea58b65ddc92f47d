/**
 * Where the files of one request are saved when its handler asks (`MultipartFile.save()`): a
 * folder of its own under the system's temporary folder, made at the first save and removed with
 * everything in it when the request ends, however it ends (answered, failed, or its client gone).
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** The folder of one request's saved files. */
export class UploadSpool {
  #folder: Promise<string> | undefined;
  #files = 0;
  #disposed = false;

  /**
   * Writes `stream` to a new file of the request's folder and resolves with its path and size;
   * rejects with the stream's error (a 413 mid-file), the partial file left for `dispose()`.
   */
  async save(stream: Readable): Promise<{ path: string; size: number }> {
    const folder = await this.#folderOf();
    const path = join(folder, String(++this.#files));
    // `wx`: never an existing file; 0o600: readable by this process's user alone.
    const file = createWriteStream(path, { flags: 'wx', mode: 0o600 });
    await pipeline(stream, file);
    return { path, size: file.bytesWritten };
  }

  /** Removes the folder and every file in it; a later save fails. */
  async dispose(): Promise<void> {
    this.#disposed = true;
    const folder = this.#folder;
    if (folder === undefined) return;
    await rm(await folder, { recursive: true, force: true });
  }

  async #folderOf(): Promise<string> {
    if (this.#disposed)
      throw new Error('the request has ended: its uploads can no longer be saved');
    this.#folder ??= mkdtemp(join(tmpdir(), 'fw-upload-'));
    const folder = await this.#folder;
    if (this.#disposed)
      throw new Error('the request has ended: its uploads can no longer be saved');
    return folder;
  }
}
