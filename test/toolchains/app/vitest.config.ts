import { defineConfig } from 'vitest/config';

// Vite 8's oxc does not lower standard decorators yet, and Node 20 cannot run them: lower them
// the legacy way. fw's decorators do nothing at run time, so either way is the same to fw.
export default defineConfig({ oxc: { decorator: { legacy: true } } });
