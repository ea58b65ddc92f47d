// fwgen --client with the real analyzer: the client is written beside the bindings, a DTO changed
// without running fwgen again fails --check naming the client's file, and two classes that would
// share a group are FW0111 naming both.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../../cli/main.js';
import { testIo } from '../support/io.js';
import { removeDir, tempDir, writeFiles } from '../support/temp.js';

const dir = tempDir(true);
afterAll(() => removeDir(dir));

const controller = (properties: string) => `import { Controller, Post } from 'fw';

/** A parcel to send. */
export interface Parcel {
${properties}
}

@Controller('/parcels')
export class ParcelController {
  @Post('/')
  send(body: Parcel): Parcel {
    return body;
  }
}
`;

writeFiles(dir, {
  'tsconfig.json': `${JSON.stringify({ extends: '../../../tsconfig.json', include: ['.'] })}\n`,
  'app/parcels.ts': controller('  to: string;'),
});

const ARGS = ['--src', 'app', '--out', 'app/bindings.ts', '--client', 'app/client.ts'];

async function run(argv: string[]) {
  const io = testIo(dir);
  const code = await main(argv, io);
  return { code, stdout: io.stdout.text, stderr: io.stderr.text };
}

describe('fwgen --client', () => {
  it('writes the client, and --check names it when a DTO changed', async () => {
    expect(await run(ARGS)).toMatchObject({ code: 0, stderr: '' });
    const written = readFileSync(join(dir, 'app/client.ts'), 'utf8');
    expect(written).toContain('export interface Parcel {\n  to: string;\n}\n');
    expect(written).toContain(
      '    send(args: { readonly body: Parcel } & RequestOptions): Promise<Ok<200, Parcel> | Failure>;',
    );
    expect(await run([...ARGS, '--check'])).toMatchObject({ code: 0 });

    writeFileSync(join(dir, 'app/parcels.ts'), controller('  to: string;\n  weight: number;'));
    const stale = await run([...ARGS, '--check']);
    expect(stale.code).toBe(1);
    expect(`${stale.stdout}${stale.stderr}`).toContain('app/client.ts is stale');
    expect(readFileSync(join(dir, 'app/client.ts'), 'utf8')).toBe(written);
  });

  it('refuses a module that is not .ts, naming the flag', async () => {
    const r = await run(['--src', 'app', '--out', 'app/bindings.ts', '--client', 'app/client.js']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--client app/client.js: name the module .ts');
  });

  it('reports FW0111 for a controller and a gateway of one group name, naming both', async () => {
    writeFileSync(
      join(dir, 'app/live.ts'),
      `import { OnMessage, WebSocketGateway } from 'fw';

@WebSocketGateway('/ws/parcels')
export class ParcelGateway {
  @OnMessage()
  echo(): string {
    return 'ok';
  }
}
`,
    );
    const r = await run(ARGS);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('FW0111');
    expect(r.stderr).toContain('ParcelController and ParcelGateway (app/live.ts:3)');
    // Without --client the two classes are fine.
    expect((await run(['--src', 'app', '--out', 'app/bindings.ts'])).code).toBe(0);
  });
});
