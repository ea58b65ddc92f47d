import { Controller, Get, HttpError, Post, reply, UseInterceptors } from 'fw';
import type { ControllerContext } from 'fw/core';
import type { Pagination, Values } from 'fw/query';
import { TimingInterceptor } from './interceptors.js';
import type { User, UserStore } from './store.js';

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

  @Get('/')
  list(page: Pagination, q: Values): { page: number; size: number; users: User[] } {
    const tag = q.get('tag');
    const all = this.#store.list().filter((u) => tag === '' || u.tags.includes(tag));
    const users = all.slice((page.page - 1) * page.size, page.page * page.size);
    return { page: page.page, size: page.size, users };
  }

  @Get('/:id')
  get(id: number, ctx: ControllerContext): User & { viewer: string } {
    const user = this.#store.find(id);
    if (user === undefined) throw new HttpError(404, `No user ${id}`);
    return { ...user, viewer: ctx.get<string>('auth.user') ?? 'anonymous' };
  }

  @Post('/')
  create(body: CreateUser) {
    const user = this.#store.add(body.name, body.email, body.tags ?? []);
    return reply(user, { status: 201, headers: { Location: `/users/${user.id}` } });
  }
}
