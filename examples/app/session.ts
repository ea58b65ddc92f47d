import {
  Controller,
  clearCookie,
  Delete,
  Get,
  HttpError,
  Injectable,
  Post,
  reply,
  UseInterceptors,
} from 'fw';
import type { HttpRequestContext } from 'fw/core';
import { RateLimit } from 'fw/rate-limit';
import type { Sessions, User, UserStore } from './store.js';

/** What the page sends to sign in. */
export interface SignIn {
  email: string;
}

/** Who is signed in: `user` is null without a session. */
export interface Session {
  user: User | null;
}

/** The name of the session cookie: HttpOnly, so the page's scripts never see its value. */
const COOKIE = 'sid';

/**
 * At most 20 sign-ins a minute from one client address: guessing emails is slow. A second
 * instance behind a load balancer would share the count through `redisRateLimitStore()`.
 */
@Injectable()
export class SignInLimit extends RateLimit {
  constructor() {
    super({ limit: 20, windowMs: 60_000 });
  }
}

/**
 * Signing in for a browser: the session lives in an HttpOnly cookie the browser sends back on
 * each request. API clients keep sending `Authorization: Bearer …` (the AuthInterceptor).
 */
@Controller('/session')
export class SessionController {
  readonly #users: UserStore;
  readonly #sessions: Sessions;

  constructor(users: UserStore, sessions: Sessions) {
    this.#users = users;
    this.#sessions = sessions;
  }

  /**
   * Signs in the user with this email, setting the session cookie.
   * @response 401 No user has this email.
   */
  @Post('/')
  @UseInterceptors(SignInLimit)
  signIn(body: SignIn) {
    const user = this.#users.findByEmail(body.email);
    if (user === undefined) throw new HttpError(401, `No user has the email ${body.email}`);
    const value = this.#sessions.open(user);
    return reply<Session>(
      { user },
      { cookies: [{ name: COOKIE, value, httpOnly: true, maxAge: 3600 }] },
    );
  }

  /** Who is signed in, read from the session cookie; `user` is null when nobody is. */
  @Get('/')
  current(ctx: HttpRequestContext): Session {
    return { user: this.#sessions.find(ctx.cookie(COOKIE)) ?? null };
  }

  /** Signs out: closes the session and clears its cookie. */
  @Delete('/')
  signOut(ctx: HttpRequestContext) {
    this.#sessions.close(ctx.cookie(COOKIE));
    clearCookie(ctx, COOKIE);
    return reply(undefined, { status: 204 });
  }
}
