/** Classes whose names clash with others' in the generated module. */
import type { Interceptor } from 'fw/core';

/** Named like `../controllers.ts`'s class: imported under an alias. */
export class UserController {
  ban(id: number): number {
    return id;
  }
}

/** Named like a type `fw` exports: imported under an alias. */
export class Bindings {
  reload(): void {}
}

/** Named like a helper of `fw/validate`. */
export class Key implements Interceptor {
  afterCompletion(): void {}
}
