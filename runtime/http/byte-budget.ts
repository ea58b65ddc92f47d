/**
 * The bytes that all requests in flight may hold in memory at once: the JSON and urlencoded bodies
 * being read and the files of buffered multipart forms. One budget per app, shared by the server
 * and `inject()`; each request gives back what it took when it ends, however it ends.
 */

/** A count of bytes held, bounded by `limit`. */
export class ByteBudget {
  /** The most bytes held at once. */
  readonly limit: number;
  #used = 0;

  constructor(limit: number) {
    this.limit = limit;
  }

  /** The bytes held now. */
  get used(): number {
    return this.#used;
  }

  /** Counts `bytes` as held and answers true, or answers false when they would pass the limit. */
  take(bytes: number): boolean {
    if (this.#used + bytes > this.limit) return false;
    this.#used += bytes;
    return true;
  }

  /** Gives back `bytes` taken before. */
  give(bytes: number): void {
    this.#used -= bytes;
  }
}
