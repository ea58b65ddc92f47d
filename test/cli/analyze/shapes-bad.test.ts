import { describe, expect, it } from 'vitest';
import { analyzeCase, caseModule, printed } from './support.js';

const CASE = 'shapes-bad';
const analysis = analyzeCase(CASE);
const lines = printed(analysis.diagnostics, CASE);
const NOT = 'is not supported in a body or payload';

describe('analyzer: what a body type cannot hold', () => {
  it('FW0301: each unsupported property, at its declaration, with its path and what to use', () => {
    expect(lines.filter((l) => l.includes('FW0301'))).toEqual([
      `dto.ts:3:3 FW0301 Bad.big: type '10n' ${NOT} (a bigint literal type cannot be checked); use bigint`,
      `dto.ts:4:3 FW0301 Bad.sym: type 'symbol' ${NOT} (JSON has no symbols); remove the property`,
      `dto.ts:5:3 FW0301 Bad.callback: type '() => void' ${NOT} (a function is not data); remove it: a body is a plain object`,
      `dto.ts:6:3 FW0301 Bad.method: type '() => void' ${NOT} (a function is not data); remove it: a body is a plain object`,
      `dto.ts:7:3 FW0301 Bad.lookup: type 'Map<string, number>' ${NOT} (a Map is not JSON); use Record<string, T>`,
      `dto.ts:8:3 FW0301 Bad.set: type 'Set<string>' ${NOT} (a Set is not JSON); use an array`,
      `dto.ts:9:3 FW0301 Bad.promise: type 'Promise<string>' ${NOT} (a promise is not JSON); take the value itself`,
      `dto.ts:10:3 FW0301 Bad.bytes: type 'Uint8Array<ArrayBufferLike>' ${NOT} (a Uint8Array is an object with behaviour, not plain data); declare an interface with the data you need`,
      `dto.ts:11:3 FW0301 Bad.template: type '\`id-\${string}\`' ${NOT} (a template literal type cannot be checked); use string`,
      `dto.ts:12:3 FW0301 Bad.branded: type 'string & { readonly brand: "Id"; }' ${NOT} (an intersection with a primitive (a branded type) cannot be checked); use the primitive`,
      `dto.ts:13:3 FW0301 Bad.byNumber: type '{ [n: number]: string; }' ${NOT} (an object keyed by numbers or symbols is not JSON); use an array or Record<string, T>`,
      `dto.ts:14:3 FW0301 Bad.mixed: type '{ [k: string]: string; a: string; }' ${NOT} (properties next to an index signature cannot be checked); use either properties or Record<string, T>`,
      `dto.ts:15:3 FW0301 Bad.holes[]: type 'string | undefined' ${NOT} (JSON has no undefined); use null`,
      `dto.ts:16:3 FW0301 Bad.restFirst: type '[...string[], number]' ${NOT} (a rest element before other elements cannot be checked); put the rest element last, or use an array`,
      `dto.ts:17:3 FW0301 Bad.loose: type 'object' ${NOT} ('object' does not say what it holds); declare an interface, or use Record<string, unknown>`,
      `dto.ts:18:21 FW0301 Bad.nested.deep.id: type 'symbol' ${NOT} (JSON has no symbols); remove the property`,
      `dto.ts:19:12 FW0301 Bad.items[].sku: type 'symbol' ${NOT} (JSON has no symbols); remove the property`,
      `dto.ts:21:3 FW0301 Bad.nothing: type 'never' ${NOT} (no value has type never); remove the property`,
      `dto.ts:45:3 FW0301 Shared.bad: type 'symbol' ${NOT} (JSON has no symbols); remove the property`,
    ]);
  });

  it('FW0302: a body class with a method or an accessor', () => {
    expect(lines.filter((l) => l.includes('FW0302'))).toEqual([
      "dto.ts:34:3 FW0302 class WithMethods has method 'greet'; a JSON body is a plain object; use an interface",
      "dto.ts:38:3 FW0302 class WithMethods has accessor 'upper'; a JSON body is a plain object; use an interface",
    ]);
  });

  it('reports a shared type once, however many bodies reach it', () => {
    expect(lines.filter((l) => l.includes('Shared.bad'))).toHaveLength(1);
    expect(lines).toHaveLength(21);
  });

  it('still describes what is fine, with unknown in place of what was reported', () => {
    const bad = analysis.model.types.find((t) => t.id === `${caseModule(CASE, 'dto')}#Bad`);
    const shape = bad?.shape;
    expect(shape?.kind === 'object' && shape.properties.at(-1)).toEqual({
      name: 'ok',
      optional: false,
      shape: { kind: 'string' },
    });
    expect(shape?.kind === 'object' && shape.properties[0]).toEqual({
      name: 'big',
      optional: false,
      shape: { kind: 'unknown' },
    });
  });
});
