/** Checks of a transport factory's options that name the option and the factory when they fail. */

/** The checks of one factory's options. @internal */
export interface OptionChecks {
  /** Throws a `TypeError`: `<factory> option '<option>' must be <expected>; got <value>`. */
  invalid(option: string, expected: string, got: unknown): never;
  /** `value` when it is a non-empty string. */
  text(option: string, value: unknown): string;
  /** `value` when it is an integer from `min` to `max`. */
  integer(option: string, value: unknown, min: number, max: number): number;
}

/** The checks for the options of `factory` (`natsTransport`, `rabbitmqTransport`). @internal */
export function optionChecks(factory: string): OptionChecks {
  const checks: OptionChecks = {
    invalid(option, expected, got) {
      const shown = JSON.stringify(got) ?? String(got);
      throw new TypeError(`${factory} option '${option}' must be ${expected}; got ${shown}`);
    },
    text(option, value) {
      if (typeof value !== 'string' || value === '') {
        checks.invalid(option, 'a non-empty string', value);
      }
      return value;
    },
    integer(option, value, min, max) {
      if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
        checks.invalid(option, `an integer from ${min} to ${max}`, value);
      }
      return value;
    },
  };
  return checks;
}
