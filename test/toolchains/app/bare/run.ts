import { BareController } from './notes.js';

process.stdout.write(`${JSON.stringify(new BareController().list())}\n`);
