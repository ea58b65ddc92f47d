/**
 * fw's benchmark app as an application deploys it: each TypeScript file of `bench/app` compiled to
 * JavaScript (TypeScript's own transpiler, ES2022, the decorators lowered as tsc lowers them) into
 * `bench/app/.work/` (gitignored), run by plain `node` with `fw` from the built `dist/`. Until
 * 2026-11-26 the benchmarks ran it through `--import tsx` while every peer ran plain JavaScript:
 * with tsx's loader in the process, Node's own stream code reached its state through megamorphic
 * lookups, about 2,000 more instructions per WebSocket message than the same server without it.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const APP = join(import.meta.dirname, 'app');
/**
 * Compiles `<app>/*.ts` into `<app>/.work/`; its data files are linked beside them. `app` is
 * another checkout's `bench/app` for `bench:instructions --baseline`.
 */
export function buildBenchApp(app = APP): void {
  const out = join(app, '.work');
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  for (const file of readdirSync(app)) {
    if (file.endsWith('.ts')) {
      const { outputText, diagnostics } = ts.transpileModule(
        readFileSync(join(app, file), 'utf8'),
        {
          fileName: file,
          reportDiagnostics: true,
          compilerOptions: {
            target: ts.ScriptTarget.ES2022,
            module: ts.ModuleKind.ESNext,
            verbatimModuleSyntax: false,
          },
        },
      );
      if (diagnostics !== undefined && diagnostics.length > 0) {
        const text = ts.flattenDiagnosticMessageText(diagnostics[0]?.messageText ?? '', '\n');
        throw new Error(`bench/app/${file}: ${text}`);
      }
      writeFileSync(join(out, file.replace(/\.ts$/, '.js')), outputText);
    } else if (file !== '.work') {
      // catalog.json and public/, which the app finds beside its own module.
      symlinkSync(join(app, file), join(out, file));
    }
  }
}
