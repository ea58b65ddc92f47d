// The bytes of an API document: JSON or YAML by the file's extension, stable, with a final
// newline, and nothing YAML-specific (anchors, folded lines) that would change what it says.
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { documentFormat, formatDocument } from '../../../cli/api-documents/format.js';

const shared = { type: 'string' };
const doc = {
  openapi: '3.1.0',
  info: { title: 'shop', version: '1.0.0' },
  paths: {
    '/a': { get: { description: 'x'.repeat(120), schema: shared } },
    '/b': { schema: shared },
  },
  tags: [],
};

describe('documentFormat', () => {
  it.each([
    ['openapi.json', 'json'],
    ['api/OPENAPI.JSON', 'json'],
    ['asyncapi.yaml', 'yaml'],
    ['asyncapi.yml', 'yaml'],
  ])('%s is %s', (path, format) => {
    expect(documentFormat(path)).toBe(format);
  });

  it('refuses any other extension, naming the file and what to do', () => {
    expect(() => documentFormat('api/openapi.txt')).toThrow(
      'Cannot tell the format of api/openapi.txt from its extension: name the file .json, .yaml or .yml',
    );
  });
});

describe('formatDocument', () => {
  it('writes JSON indented by 2 with a final newline, keys in insertion order', () => {
    expect(formatDocument({ b: 1, a: [true, { c: null }] }, 'openapi.json')).toBe(
      '{\n  "b": 1,\n  "a": [\n    true,\n    {\n      "c": null\n    }\n  ]\n}\n',
    );
  });

  it('writes block YAML with no aliases and no folded lines', () => {
    const text = formatDocument(doc, 'asyncapi.yaml');
    expect(text).toBe(
      [
        'openapi: 3.1.0',
        'info:',
        '  title: shop',
        '  version: 1.0.0',
        'paths:',
        '  /a:',
        '    get:',
        `      description: ${'x'.repeat(120)}`,
        '      schema:',
        '        type: string',
        '  /b:',
        '    schema:',
        '      type: string',
        'tags: []',
        '',
      ].join('\n'),
    );
    expect(parse(text)).toEqual(doc);
  });

  it('quotes YAML strings that would read as other values', () => {
    const values = { version: '1.0', flag: 'true', nothing: 'null', number: '42', colon: 'a: b' };
    expect(parse(formatDocument(values, 'a.yml'))).toEqual(values);
  });

  it('gives the same text for the same document', () => {
    expect(formatDocument(doc, 'a.yaml')).toBe(formatDocument(structuredClone(doc), 'a.yaml'));
    expect(formatDocument(doc, 'a.json')).toBe(formatDocument(structuredClone(doc), 'a.json'));
  });
});
