/**
 * The example's page script. It calls the API only through the client fwgen generated
 * (`../client.ts`, `npm run bindings`), which `tsc` compiles with this file to plain JavaScript
 * modules in `public/js/` (`npm run page:build`, run by `npm start`); the browser loads them with
 * `<script type="module">`, no bundler.
 *
 * It signs in with a session cookie the API sets HttpOnly (so this script never sees it), lists the
 * users, places orders, and shows each order as it is placed, over the order feed's WebSocket.
 * Served by the API itself, it calls its own origin; served elsewhere, give the API's origin:
 * index.html?api=http://127.0.0.1:3000 (that origin must be one of the app's CORS origins,
 * FW_EXAMPLE_ORIGINS, which may also open the feed's WebSocket).
 */
import { ApiError, createClient, type User, unwrap } from '../client.js';

const api = createClient({
  baseUrl: new URLSearchParams(location.search).get('api') ?? location.origin,
  // The session cookie goes with every call, to the API's origin too when it is another one.
  credentials: 'include',
});

/** An order as the feed pushes it. */
interface OrderNews {
  readonly orderId: number;
  readonly sku: string;
  readonly qty: number;
}

/** How long the feed waits before it connects again after its WebSocket closed. */
const RECONNECT_MS = 1000;

/** The element with this id, which must be a `kind`. */
function $<T extends HTMLElement>(id: string, kind: new () => T): T {
  const element = document.getElementById(id);
  if (!(element instanceof kind)) throw new Error(`The page has no ${kind.name} #${id}`);
  return element;
}

const who = $('who', HTMLElement);
const signInForm = $('sign-in', HTMLFormElement);
const signOutButton = $('sign-out', HTMLButtonElement);
const orderForm = $('order', HTMLFormElement);
const placed = $('placed', HTMLOutputElement);
const liveStatus = $('live-status', HTMLElement);
const liveList = $('live', HTMLOListElement);
const usersList = $('users', HTMLUListElement);
const error = $('error', HTMLParagraphElement);

let me: User | null = null;

function show(user: User | null): void {
  me = user;
  who.textContent = user === null ? 'Not signed in' : `Signed in as ${user.name}`;
  signInForm.hidden = user !== null;
  signOutButton.hidden = user === null;
  orderForm.hidden = user === null;
}

/** Runs `task`, showing why it failed: the API's problem detail, or the error's message. */
function run(task: () => Promise<void>): void {
  error.textContent = '';
  task().catch((err: unknown) => {
    error.textContent =
      err instanceof ApiError
        ? err.problem.detail
        : err instanceof Error
          ? err.message
          : String(err);
  });
}

async function loadUsers(): Promise<void> {
  const { users } = unwrap(await api.user.list({ query: { page: 1, size: 20 } }));
  usersList.replaceChildren(
    ...users.map((u) =>
      Object.assign(document.createElement('li'), { textContent: `${u.name} <${u.email}>` }),
    ),
  );
}

signInForm.addEventListener('submit', (e) => {
  e.preventDefault();
  const email = String(new FormData(signInForm).get('email') ?? '');
  run(async () => show(unwrap(await api.session.signIn({ body: { email } })).user));
});

signOutButton.addEventListener('click', () => {
  run(async () => {
    unwrap(await api.session.signOut());
    show(null);
  });
});

orderForm.addEventListener('submit', (e) => {
  e.preventDefault();
  const form = new FormData(orderForm);
  run(async () => {
    if (me === null) throw new Error('Sign in to place an order');
    const body = {
      userId: me.id,
      sku: String(form.get('sku') ?? ''),
      qty: Number(form.get('qty')),
    };
    const { orderId } = unwrap(await api.order.place({ body }));
    placed.textContent = `Order ${orderId} placed`;
  });
});

/** The order a feed message carries, or undefined for any other message. */
function orderOf(text: string): OrderNews | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { orderId, sku, qty } = value as Record<string, unknown>;
  if (typeof orderId !== 'number' || typeof sku !== 'string' || typeof qty !== 'number') {
    return undefined;
  }
  return { orderId, sku, qty };
}

function showOrder({ orderId, sku, qty }: OrderNews): void {
  const item = Object.assign(document.createElement('li'), { textContent: `${qty} x ${sku}` });
  item.dataset['orderId'] = String(orderId);
  liveList.prepend(item);
}

/**
 * Each order placed, by anyone, as it happens: any message subscribes the feed's WebSocket, and
 * its `subscribed` reply says the orders placed from then on will come. When the connection
 * closes, the feed connects again after {@link RECONNECT_MS}.
 */
async function follow(): Promise<never> {
  for (;;) {
    const feed = api.orderFeed.connect();
    try {
      await feed.opened;
      feed.send('subscribe');
      for await (const message of feed.replies()) {
        if (message === 'subscribed') liveStatus.textContent = 'live';
        const order = typeof message === 'string' ? orderOf(message) : undefined;
        if (order !== undefined) showOrder(order);
      }
    } catch {
      // Not opened: closed resolves all the same, and the feed tries again.
    }
    await feed.closed;
    liveStatus.textContent = 'reconnecting';
    await new Promise((resolve) => setTimeout(resolve, RECONNECT_MS));
  }
}

run(async () => show(unwrap(await api.session.current()).user));
run(loadUsers);
void follow();
