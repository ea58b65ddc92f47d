/**
 * The packages whose code `scripts/bundle.ts` bundles into fw's `dist/` rather than leaving as
 * imports: the CommonJS ones every app loads at start, whose load from ES modules costs more than
 * their code. They are devDependencies of fw for that reason; the runtime's sources still import
 * them (test/support/runtime-install.ts links them for tests that install the sources).
 */
export const BUNDLED: readonly string[] = ['find-my-way', '@fastify/accept-negotiator'];
