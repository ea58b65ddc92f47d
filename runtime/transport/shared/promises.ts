/** Promise helpers of the broker transports: deadlines, and answers that may fail. */

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

/**
 * Acknowledges or rejects a message; on a connection or channel that is already gone the broker
 * redelivers the message anyway, so the failure is dropped. @internal
 */
export function settle(answer: () => void): void {
  try {
    answer();
  } catch {
    // Closed channel or connection.
  }
}
