/**
 * The bytes of an API document: JSON or YAML by the output file's extension, deterministic like the
 * bindings (the same document always gives the same text, `\n` line endings, a final newline).
 * Keys keep their insertion order, so the documents are built with a fixed key order.
 */
import { stringify } from 'yaml';

/** The formats a document is written in, by the output file's extension. */
export type DocumentFormat = 'json' | 'yaml';

/**
 * The format `path`'s extension asks for; throws for any other extension, naming the path.
 * @example documentFormat('api/openapi.yml') // 'yaml'
 */
export function documentFormat(path: string): DocumentFormat {
  const lower = path.toLowerCase();
  if (lower.endsWith('.json')) return 'json';
  if (lower.endsWith('.yaml') || lower.endsWith('.yml')) return 'yaml';
  throw new Error(
    `Cannot tell the format of ${path} from its extension: name the file .json, .yaml or .yml`,
  );
}

/**
 * `doc` as the text of `path`: JSON indented by 2, or YAML 1.2 with no anchors or aliases (a
 * shared object is written out each time), no line folding and block style throughout.
 * @example formatDocument({ openapi: '3.1.0' }, 'openapi.json') // '{\n  "openapi": "3.1.0"\n}\n'
 */
export function formatDocument(doc: unknown, path: string): string {
  if (documentFormat(path) === 'json') return `${JSON.stringify(doc, null, 2)}\n`;
  return stringify(doc, {
    version: '1.2',
    indent: 2,
    aliasDuplicateObjects: false,
    lineWidth: 0,
    minContentWidth: 0,
    sortMapEntries: false,
  });
}
