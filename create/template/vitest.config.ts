import { defineConfig } from 'vitest/config';

// Vitest transforms TypeScript with oxc, which does not lower standard decorators yet, and Node 20
// cannot parse them: without this line every test file fails with a bare SyntaxError. fw's
// decorators record the same either way, so the legacy lowering changes nothing for the app.
export default defineConfig({ oxc: { decorator: { legacy: true } } });
