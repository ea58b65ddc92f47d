import { defineConfig } from 'vitest/config';

// The toolchain suite (`npm run test:toolchains`, after `npm run build`): fresh apps installed from
// the packed tarballs, outside the repository. Its files run one at a time: each installs packages.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['*.test.ts'],
    globalSetup: ['./pack.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
