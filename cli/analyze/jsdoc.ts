/**
 * What a declaration's JSDoc says, for the API documents: the first paragraph as the summary, the
 * rest as the description, and the `@deprecated`, `@example` and `@response <status> <text>` tags.
 */
import { ts } from 'ts-morph';
import type { DocComment } from '../ir.js';

/** The doc comment of `node` (the last block before it), or undefined when it says nothing. */
export function docOf(node: ts.Node): DocComment | undefined {
  const blocks = ts.getJSDocCommentsAndTags(node).filter(ts.isJSDoc);
  const block = blocks[blocks.length - 1];
  if (block === undefined) return undefined;
  const text = clean(ts.getTextOfJSDocComment(block.comment));
  const paragraphs = text === '' ? [] : text.split(/\n\s*\n/).map((p) => p.trim());
  const [summary, ...rest] = paragraphs;
  let deprecated = false;
  const examples: unknown[] = [];
  const responses: { status: number; description: string }[] = [];
  for (const tag of block.tags ?? []) {
    const body = clean(ts.getTextOfJSDocComment(tag.comment));
    switch (tag.tagName.text) {
      case 'deprecated':
        deprecated = true;
        break;
      case 'example':
        if (body !== '') examples.push(parsed(body));
        break;
      case 'response': {
        const m = /^(\d{3})\b\s*(.*)$/s.exec(body);
        if (m !== null) responses.push({ status: Number(m[1]), description: m[2]!.trim() });
        break;
      }
    }
  }
  const doc: DocComment = {
    ...(summary === undefined ? {} : { summary }),
    ...(rest.length === 0 ? {} : { description: rest.join('\n\n') }),
    ...(deprecated ? { deprecated } : {}),
    ...(examples.length === 0 ? {} : { examples }),
    ...(responses.length === 0 ? {} : { responses }),
  };
  return Object.keys(doc).length === 0 ? undefined : doc;
}

function clean(text: string | undefined): string {
  return (text ?? '').replace(/\r\n/g, '\n').trim();
}

/** An example as JSON when it parses as JSON, else as its text. */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
