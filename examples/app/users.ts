import { Controller, Get, HttpError, Post, reply, UseInterceptors } from 'fw';
import type { ControllerContext } from 'fw/core';
import type { Pagination, Query } from 'fw/query';
import { TimingInterceptor } from './interceptors.js';
import type { User, UserStore } from './store.js';

/** Which users a list holds, read from the query string (`?tag=admin`). */
export interface UserFilter {
  /** Only the users with this tag. */
  tag?: string;
}

/** What a client sends to create a user. */
export interface CreateUser {
  name: string;
  email: string;
  tags?: string[];
}

@Controller('/users')
@UseInterceptors(TimingInterceptor)
export class UserController {
  readonly #store: UserStore;

  constructor(store: UserStore) {
    this.#store = store;
  }

  /** One page of the users, optionally only those with a tag. */
  @Get('/')
  list(page: Pagination, filter: Query<UserFilter>): { page: number; size: number; users: User[] } {
    const { tag } = filter;
    const all = this.#store.list().filter((u) => tag === undefined || u.tags.includes(tag));
    const users = all.slice((page.page - 1) * page.size, page.page * page.size);
    return { page: page.page, size: page.size, users };
  }

  /**
   * One user, and who is asking.
   * @response 404 There is no user with this id.
   */
  @Get('/:id')
  get(id: number, ctx: ControllerContext): User & { viewer: string } {
    const user = this.#store.find(id);
    if (user === undefined) throw new HttpError(404, `No user ${id}`);
    return { ...user, viewer: ctx.get<string>('auth.user') ?? 'anonymous' };
  }

  /** Creates a user; its URL is in `Location`. */
  @Post('/')
  create(body: CreateUser) {
    const user = this.#store.add(body.name, body.email, body.tags ?? []);
    return reply(user, { status: 201, headers: { Location: `/users/${user.id}` } });
  }
}
