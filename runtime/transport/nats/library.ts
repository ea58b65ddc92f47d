/**
 * The NATS client libraries, `@nats-io/transport-node` and `@nats-io/jetstream`, imported when the
 * transport first connects (runtime/transport/shared/optional-package.ts): a missing one fails
 * `start()` with `FW_ERR_PACKAGE_MISSING` naming it. Everything else in this folder imports their
 * types only, and reaches their values through {@link natsLibrary} once connected.
 */
import type * as JetStream from '@nats-io/jetstream';
import type * as Nats from '@nats-io/transport-node';
import { importOptional } from '../shared/optional-package.js';

/** The two client modules. @internal */
export interface NatsLibrary {
  readonly nats: typeof Nats;
  readonly jetstream: typeof JetStream;
}

const FEATURE = 'natsTransport()';
let loaded: NatsLibrary | undefined;

/** Imports both libraries, once per process; rejects naming the first one missing. @internal */
export async function loadNatsLibrary(): Promise<NatsLibrary> {
  if (loaded !== undefined) return loaded;
  const nats = await importOptional(
    FEATURE,
    '@nats-io/transport-node',
    () => import('@nats-io/transport-node'),
  );
  const jetstream = await importOptional(
    FEATURE,
    '@nats-io/jetstream',
    () => import('@nats-io/jetstream'),
  );
  loaded = { nats, jetstream };
  return loaded;
}

/** The libraries, once {@link loadNatsLibrary} has resolved (every use follows a connection). @internal */
export function natsLibrary(): NatsLibrary {
  if (loaded === undefined) throw new Error('the NATS client libraries are used before connecting');
  return loaded;
}
