import {
  existsSync,
  readdirSync,
  readFileSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Generator } from '../../cli/generate.js';
import { resolveProject } from '../../cli/project.js';
import { isTempFileOf, readIfExists, writeIfChanged } from '../../cli/write.js';
import { fakeEngine, fakeRender } from './support/fake-engine.js';
import { appModel, controller, diagnostic, handler } from './support/models.js';
import { removeDir, tempDir } from './support/temp.js';

let dir: string;
beforeEach(() => {
  dir = tempDir();
});
afterEach(() => removeDir(dir));

const PAST = new Date('2020-01-01T00:00:00Z');

describe('writeIfChanged', () => {
  it('creates the file and its folders', async () => {
    const path = join(dir, 'a/b/bindings.ts');
    expect(await writeIfChanged(path, 'x\n')).toBe(true);
    expect(readFileSync(path, 'utf8')).toBe('x\n');
  });

  it('leaves an equal file untouched, mtime included', async () => {
    const path = join(dir, 'bindings.ts');
    writeFileSync(path, 'same\n');
    utimesSync(path, PAST, PAST);
    expect(await writeIfChanged(path, 'same\n')).toBe(false);
    expect(statSync(path).mtime).toEqual(PAST);
  });

  it('replaces a different file and leaves no temporary file', async () => {
    const path = join(dir, 'bindings.ts');
    writeFileSync(path, 'old\n');
    expect(await writeIfChanged(path, 'new\n')).toBe(true);
    expect(readFileSync(path, 'utf8')).toBe('new\n');
    expect(readdirSync(dir)).toEqual(['bindings.ts']);
  });

  it('fails when the folder cannot be created, cleaning up', async () => {
    writeFileSync(join(dir, 'file'), '');
    await expect(writeIfChanged(join(dir, 'file/bindings.ts'), 'x')).rejects.toThrow(
      /EEXIST|ENOTDIR/,
    );
    expect(readdirSync(dir)).toEqual(['file']);
  });
});

describe('readIfExists and isTempFileOf', () => {
  it('reads undefined for a missing file', async () => {
    expect(await readIfExists(join(dir, 'none.ts'))).toBeUndefined();
  });

  it.each([
    ['/p/.bindings.ts.123.ab12cd34.tmp', true],
    ['/p/bindings.ts', false],
    ['/p/.bindings.ts.swp', false],
    ['/q/.bindings.ts.1.a.tmp', false],
  ])('%s is a temporary file of /p/bindings.ts: %s', (path, want) => {
    expect(isTempFileOf('/p/bindings.ts', path)).toBe(want);
  });
});

describe('Generator', () => {
  const model = appModel([
    controller('UserController', 'app/users.ts', [handler('list', 'GET', '/users')]),
  ]);
  const generatorFor = (engine = fakeEngine(model)) => {
    const project = resolveProject({ src: 'app', out: 'app/bindings.ts' }, dir);
    return {
      engine,
      generator: new Generator(engine.createAnalyzer(project), engine.render, project),
    };
  };

  it('renders with the out path relative to the project root', () => {
    const { generator } = generatorFor();
    expect(generator.generate()).toEqual({
      model,
      diagnostics: [],
      content: fakeRender(model, 'app/bindings.ts'),
      documents: [],
      warnings: [],
    });
  });

  it('renders nothing when there are diagnostics', () => {
    const { engine, generator } = generatorFor();
    const diagnostics = [diagnostic('FW0102', 'duplicate route', 'app/users.ts', 3, 4)];
    engine.analysis = { model, diagnostics };
    expect(generator.generate()).toEqual({ model, diagnostics });
  });

  it('writes, then reports unchanged without touching the file', async () => {
    const { generator } = generatorFor();
    expect((await generator.write()).status).toBe('written');
    utimesSync(join(dir, 'app/bindings.ts'), PAST, PAST);
    expect((await generator.write()).status).toBe('unchanged');
    expect(statSync(join(dir, 'app/bindings.ts')).mtime).toEqual(PAST);
  });

  it('writes nothing when there are diagnostics', async () => {
    const { engine, generator } = generatorFor();
    const diagnostics = [diagnostic('FW0102', 'duplicate route', 'app/users.ts', 3, 4)];
    engine.analysis = { model, diagnostics };
    expect(await generator.write()).toEqual({ status: 'failed', diagnostics });
    expect(existsSync(join(dir, 'app'))).toBe(false);
  });

  it('checks: missing, current, stale', async () => {
    const { engine, generator } = generatorFor();
    expect((await generator.check()).status).toBe('missing');
    await generator.write();
    expect((await generator.check()).status).toBe('current');
    engine.analysis = { model: appModel([]), diagnostics: [] };
    const stale = await generator.check();
    expect(stale.status === 'stale' && stale.report.removed).toEqual([
      { key: 'UserController.list', route: 'GET /users' },
    ]);
  });
});
