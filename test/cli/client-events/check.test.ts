// fwgen --client-events with the real analyzer: the publisher is written beside the bindings, and a
// payload type changed without running fwgen again fails --check, naming the publisher's file.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../../cli/main.js';
import { testIo } from '../support/io.js';
import { removeDir, tempDir, writeFiles } from '../support/temp.js';

const dir = tempDir(true);
afterAll(() => removeDir(dir));

const consumer = (properties: string) => `import { EventConsumer, OnEvent } from 'fw';

/** A parcel on its way. */
export interface Shipped {
${properties}
}

@EventConsumer()
export class ShippingEvents {
  @OnEvent('parcel.shipped')
  shipped(event: Shipped): void {
    void event;
  }
}
`;

writeFiles(dir, {
  'tsconfig.json': `${JSON.stringify({ extends: '../../../tsconfig.json', include: ['.'] })}\n`,
  'app/shipping.ts': consumer('  parcel: string;'),
});

const ARGS = ['--src', 'app', '--out', 'app/bindings.ts', '--client-events', 'app/events.ts'];

async function run(argv: string[]) {
  const io = testIo(dir);
  const code = await main(argv, io);
  return { code, stdout: io.stdout.text, stderr: io.stderr.text };
}

describe('fwgen --client-events', () => {
  it('writes the publisher, and --check names it when a payload type changed', async () => {
    expect(await run(ARGS)).toMatchObject({ code: 0, stderr: '' });
    const written = readFileSync(join(dir, 'app/events.ts'), 'utf8');
    expect(written).toContain("export interface Events {\n  'parcel.shipped': Shipped;\n}\n");
    expect(written).toContain('export interface Shipped {\n  parcel: string;\n}\n');
    expect(await run([...ARGS, '--check'])).toMatchObject({ code: 0 });

    writeFileSync(join(dir, 'app/shipping.ts'), consumer('  parcel: string;\n  weight: number;'));
    const stale = await run([...ARGS, '--check']);
    expect(stale.code).toBe(1);
    expect(`${stale.stdout}${stale.stderr}`).toContain('app/events.ts is stale');
    expect(readFileSync(join(dir, 'app/events.ts'), 'utf8')).toBe(written);
  });
});
