/** A project file that re-exports a package's class under another name. */
export { EventEmitter as Emitter } from 'node:events';
