// The schemas' promise: for generated JSON values, ajv in 2020-12 mode accepts a
// value under a type's component schema exactly when fw's generated validator of that type does,
// whether ajv takes `format` as an annotation (the 2020-12 default) or checks it.
// The validators are rendered by fwgen's emitter from the same model, written out and imported.
import fc from 'fast-check';
import type { Validator } from 'fw/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { componentNames, componentSchemas } from '../../../cli/api-documents/schemas.js';
import type { NamedType } from '../../../cli/ir.js';
import { loadValidators, removeGenerated } from '../emit/generated.js';
import { type Formats, judges, REF_BASE } from './schema-ajv.js';
import { valuesOf } from './schema-arbitrary.js';
import { models } from './schema-models.js';

const RUNS = 300;

describe.each(models().map(([label, types], i) => [label, types, `docs-schemas-${i}`] as const))(
  '%s',
  (_label, types, module) => {
    const byId = new Map(types.map((t) => [t.id, t]));
    const names = componentNames(types);
    let validators: Record<string, Validator>;
    let judge: Record<Formats, ReturnType<typeof judges>>;
    beforeAll(async () => {
      validators = await loadValidators(module, types);
      const schemas = componentSchemas(types, names, REF_BASE);
      judge = {
        annotations: judges(schemas, 'annotations'),
        asserted: judges(schemas, 'asserted'),
      };
    });
    afterAll(() => removeGenerated(module));

    it.each(types.map((t) => [t.name, t] as const))(
      '%s: ajv accepts exactly what the validator accepts',
      (_name, type: NamedType) => {
        const validate = validators[type.name] as Validator;
        const name = names.get(type.id) as string;
        const [annotated, asserted] = [judge.annotations(name), judge.asserted(name)];
        let accepted = 0;
        fc.assert(
          fc.property(valuesOf(type.shape, byId), (v) => {
            const fw = validate(v).ok;
            const value = JSON.stringify(v);
            expect(annotated(v), `ajv's verdict on ${value}, formats as annotations`).toBe(fw);
            expect(asserted(v), `ajv's verdict on ${value}, formats asserted`).toBe(fw);
            if (fw) accepted++;
          }),
          { numRuns: RUNS, seed: 17 },
        );
        // Not vacuous: valid values are common, and so are the others (unless all is valid).
        expect(accepted).toBeGreaterThan(RUNS / 6);
        if (!ACCEPTS_ALL.has(type.name)) expect(accepted).toBeLessThan(RUNS - RUNS / 10);
      },
    );
  },
);

/** Types every JSON value is a value of. */
const ACCEPTS_ALL = new Set(['Anything', 'Unknown', 'Json']);
