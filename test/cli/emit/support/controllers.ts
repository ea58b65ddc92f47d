/** Controllers the committed samples and the generated test modules bind to (never routed). */
import type { ControllerContext } from 'fw/core';
import type { Pagination, Values } from 'fw/query';

/** A body, checked by a generated validator. */
export interface CreateUser {
  name: string;
}

/** Users over HTTP. */
export class UserController {
  list(_q: Values, _page: Pagination): string {
    return 'list';
  }

  get(id: number, _ctx: ControllerContext): number {
    return id;
  }

  create(body: CreateUser): string {
    return body.name;
  }

  'remove-all'(): void {}

  search(
    _term: string,
    _page: number,
    _size: number,
    _exact: boolean,
    _q: Values,
    _ctx: ControllerContext,
    _p: Pagination,
  ): string {
    return 'search';
  }
}

/** Takes any body: the behaviour tests check their validators through it. */
export class Probe {
  take(body: unknown): unknown {
    return body;
  }
}
