// The example's page: plain JavaScript, no build step. It signs in with a session cookie the API
// sets HttpOnly (so this script never sees it), reads the API with JSON fetches and shows each
// order as it is placed, over Server-Sent Events. Served by the API itself, it calls its own
// origin; served elsewhere, give the API's origin: index.html?api=http://127.0.0.1:3000 (that
// origin must be one of the app's CORS origins, FW_EXAMPLE_ORIGINS).
const api = new URLSearchParams(location.search).get('api') ?? '';
const $ = (id) => document.getElementById(id);
let me;

/** A JSON request to the API, with the cookies; throws the problem's detail when it fails. */
async function call(method, path, body) {
  const res = await fetch(api + path, {
    method,
    credentials: 'include',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status === 204) return undefined;
  const json = await res.json();
  if (!res.ok)
    throw Object.assign(new Error(json.detail ?? res.statusText), { status: res.status });
  return json;
}

function show(user) {
  me = user;
  $('who').textContent = user === null ? 'Not signed in' : `Signed in as ${user.name}`;
  $('sign-in').hidden = user !== null;
  $('sign-out').hidden = user === null;
  $('order').hidden = user === null;
}

function fail(err) {
  $('error').textContent = err.message;
}

async function loadUsers() {
  const { users } = await call('GET', '/users?page=1&size=20');
  $('users').replaceChildren(
    ...users.map((u) =>
      Object.assign(document.createElement('li'), { textContent: `${u.name} <${u.email}>` }),
    ),
  );
}

$('sign-in').addEventListener('submit', (e) => {
  e.preventDefault();
  $('error').textContent = '';
  const email = new FormData(e.target).get('email');
  call('POST', '/session', { email }).then(({ user }) => show(user), fail);
});

$('sign-out').addEventListener('click', () => {
  call('DELETE', '/session').then(() => show(null), fail);
});

$('order').addEventListener('submit', (e) => {
  e.preventDefault();
  const form = new FormData(e.target);
  const order = { userId: me.id, sku: form.get('sku'), qty: Number(form.get('qty')) };
  call('POST', '/orders', order).then(({ orderId }) => {
    $('placed').textContent = `Order ${orderId} placed`;
  }, fail);
});

// Each order placed, by anyone, as it happens. EventSource reconnects by itself and sends the last
// order id it got as Last-Event-ID, so the server first sends the orders it missed.
const live = new EventSource(`${api}/orders/live`, { withCredentials: true });
live.addEventListener('open', () => {
  $('live-status').textContent = 'live';
});
live.addEventListener('error', () => {
  $('live-status').textContent = 'reconnecting';
});
live.addEventListener('order', (e) => {
  const { orderId, sku, qty } = JSON.parse(e.data);
  const item = Object.assign(document.createElement('li'), { textContent: `${qty} x ${sku}` });
  item.dataset.orderId = String(orderId);
  $('live').prepend(item);
});

call('GET', '/session').then(({ user }) => show(user), fail);
loadUsers().catch(fail);
