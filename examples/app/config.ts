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

/** Front-end origins for local development: a dev server on port 5173, on either host name. */
export const DEV_ORIGINS: readonly string[] = ['http://localhost:5173', 'http://127.0.0.1:5173'];

/**
 * The other origins whose pages may call the API with the user's cookies (CORS):
 * `FW_EXAMPLE_ORIGINS=https://a.example,https://b.example`, {@link DEV_ORIGINS} by default.
 */
export function originsFromEnv(env: Readonly<Record<string, string | undefined>>): string[] {
  const listed = (env['FW_EXAMPLE_ORIGINS'] ?? '').split(',').map((o) => o.trim());
  const origins = listed.filter((o) => o !== '');
  return origins.length === 0 ? [...DEV_ORIGINS] : origins;
}

/** An interface has no constructor: the graph takes it from this provider, matched by its type. */
export const config = provider((): ExampleConfig => configFromEnv(process.env));
