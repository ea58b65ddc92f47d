/** The application's own type named Values: a body, not fw's query values. */
export interface Values {
  readonly text: string;
}

/** The application's own decorators named Get and Controller: fwgen ignores them. */
export function Get(_path: string) {
  return (..._args: unknown[]): void => {};
}

/** Not fw's Controller. */
export function Controller(_prefix: string) {
  return (..._args: unknown[]): void => {};
}

@Controller('/fake')
export class NotAController {
  @Get('/fake')
  fake(): string {
    return 'fake';
  }
}
