/** What `idempotency()` stores under a key, as JSON text, and how it reads it back. */

/** A finished answer: status, the replayed headers and the body (bytes as base64). */
export interface Answer {
  readonly status: number;
  readonly headers: readonly (readonly [string, string])[];
  readonly body: string;
  readonly base64?: true;
}

/** A key's record: reserved by a request still running, or its finished answer. */
export type StoredRecord =
  | { readonly state: 'pending'; readonly fingerprint: string; readonly owner: string }
  | { readonly state: 'done'; readonly fingerprint: string; readonly answer: Answer };

/** Reads a record; undefined for text that is not one (a store shared with something else). */
export function parseRecord(text: string): StoredRecord | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Partial<Record<string, unknown>>;
  if (typeof record['fingerprint'] !== 'string') return undefined;
  if (record['state'] === 'pending') return record as StoredRecord;
  if (record['state'] !== 'done' || !isAnswer(record['answer'])) return undefined;
  return record as StoredRecord;
}

function isAnswer(value: unknown): value is Answer {
  if (typeof value !== 'object' || value === null) return false;
  const a = value as Partial<Record<string, unknown>>;
  return (
    Number.isInteger(a['status']) &&
    typeof a['body'] === 'string' &&
    Array.isArray(a['headers']) &&
    a['headers'].every(
      (h) => Array.isArray(h) && typeof h[0] === 'string' && typeof h[1] === 'string',
    )
  );
}
