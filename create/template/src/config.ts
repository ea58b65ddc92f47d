import { provider } from 'fw';

/** The app's settings, read from its environment. */
export interface AppConfig {
  /** The text of the note the store starts with: `FIRST_NOTE`, `hello` by default. */
  readonly firstNote: string;
}

/**
 * An interface has no constructor, so the object graph takes it from this provider, matched by its
 * return type: every class whose constructor asks for an `AppConfig` gets this one.
 */
export const config = provider(
  (): AppConfig => ({ firstNote: process.env['FIRST_NOTE'] ?? 'hello' }),
);
