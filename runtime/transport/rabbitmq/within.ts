/** A deadline on a promise. */

/** Settles like `promise`, or rejects with `timedOut()` after `ms` ms (now if ≤ 0). @internal */
export function within<T>(promise: Promise<T>, ms: number, timedOut: () => Error): Promise<T> {
  if (ms <= 0) {
    promise.catch(() => {});
    return Promise.reject(timedOut());
  }
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(timedOut()), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err);
      },
    );
  });
}
