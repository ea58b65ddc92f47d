/** The controller the generated test modules bind to (never routed). */

/** Takes any body: the behaviour tests check their validators and writers through it. */
export class Probe {
  take(body: unknown): unknown {
    return body;
  }
}
