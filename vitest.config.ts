import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  // Vite 8's oxc transform does not lower TC39 decorators yet, and Node 20 cannot parse them.
  // fw's decorators do nothing at run time, so the legacy lowering serves both syntaxes.
  oxc: { decorator: { legacy: true } },
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
  },
});
