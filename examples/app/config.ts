/** What the example reads from its environment, given to the graph by a provider. */
import { provider } from 'fw';

/** The example's settings. */
export interface ExampleConfig {
  /** The first user, created at start: `FW_EXAMPLE_ADMIN=name:email`. */
  readonly admin: { readonly name: string; readonly email: string };
}

/** Reads the settings from `env`, with defaults for every one. */
export function configFromEnv(env: Readonly<Record<string, string | undefined>>): ExampleConfig {
  const [name = 'Ada', email = 'ada@example.com'] = (env['FW_EXAMPLE_ADMIN'] ?? '').split(':');
  return { admin: { name: name || 'Ada', email: email || 'ada@example.com' } };
}

/** An interface has no constructor: the graph takes it from this provider, matched by its type. */
export const config = provider((): ExampleConfig => configFromEnv(process.env));
