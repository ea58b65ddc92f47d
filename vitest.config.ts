import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Tests import fw/* as an application does, from the sources (see DEVELOPERS.md). Vitest runs
  // tests in Vite's SSR environment, which has its own resolve conditions.
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  // Vite 8's oxc transform does not lower TC39 decorators yet, and Node 20 cannot parse them.
  // fw's decorators record the same in both modes, so the legacy lowering serves both syntaxes.
  oxc: { decorator: { legacy: true } },
  test: {
    include: ['test/**/*.test.ts'],
    // The toolchain suite installs the packed tarballs: `npm run test:toolchains`, after a build.
    exclude: ['test/toolchains/**'],
    testTimeout: 20_000,
  },
});
