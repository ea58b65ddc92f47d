// The static file of job static (bench/http/jobs.ts): about 10 KiB of a browser front-end's script,
// served as is by every server. Not run by anything.

/** Fetches the orders page `page` and renders it into `el`. */
export async function loadOrders(el, page = 1) {
  const res = await fetch(`/api/orders?page=${page}&size=20`, {
    headers: { accept: 'application/json' },
  });
  if (!res.ok) throw new Error(`orders: HTTP ${res.status}`);
  const list = await res.json();
  el.replaceChildren(...list.map((item) => renderOrders(item)));
  return list.length;
}

function renderOrders(item) {
  const row = document.createElement('li');
  row.className = 'orders-row';
  row.dataset.id = String(item.id);
  row.textContent = `${item.name ?? item.id} (${new Date(item.updatedAt).toLocaleDateString()})`;
  return row;
}

/** Fetches the users page `page` and renders it into `el`. */
export async function loadUsers(el, page = 1) {
  const res = await fetch(`/api/users?page=${page}&size=21`, {
    headers: { accept: 'application/json' },
  });
  if (!res.ok) throw new Error(`users: HTTP ${res.status}`);
  const list = await res.json();
  el.replaceChildren(...list.map((item) => renderUsers(item)));
  return list.length;
}

function renderUsers(item) {
  const row = document.createElement('li');
  row.className = 'users-row';
  row.dataset.id = String(item.id);
  row.textContent = `${item.name ?? item.id} (${new Date(item.updatedAt).toLocaleDateString()})`;
  return row;
}

/** Fetches the invoices page `page` and renders it into `el`. */
export async function loadInvoices(el, page = 1) {
  const res = await fetch(`/api/invoices?page=${page}&size=22`, {
    headers: { accept: 'application/json' },
  });
  if (!res.ok) throw new Error(`invoices: HTTP ${res.status}`);
  const list = await res.json();
  el.replaceChildren(...list.map((item) => renderInvoices(item)));
  return list.length;
}

function renderInvoices(item) {
  const row = document.createElement('li');
  row.className = 'invoices-row';
  row.dataset.id = String(item.id);
  row.textContent = `${item.name ?? item.id} (${new Date(item.updatedAt).toLocaleDateString()})`;
  return row;
}

/** Fetches the shipments page `page` and renders it into `el`. */
export async function loadShipments(el, page = 1) {
  const res = await fetch(`/api/shipments?page=${page}&size=23`, {
    headers: { accept: 'application/json' },
  });
  if (!res.ok) throw new Error(`shipments: HTTP ${res.status}`);
  const list = await res.json();
  el.replaceChildren(...list.map((item) => renderShipments(item)));
  return list.length;
}

function renderShipments(item) {
  const row = document.createElement('li');
  row.className = 'shipments-row';
  row.dataset.id = String(item.id);
  row.textContent = `${item.name ?? item.id} (${new Date(item.updatedAt).toLocaleDateString()})`;
  return row;
}

/** Fetches the products page `page` and renders it into `el`. */
export async function loadProducts(el, page = 1) {
  const res = await fetch(`/api/products?page=${page}&size=24`, {
    headers: { accept: 'application/json' },
  });
  if (!res.ok) throw new Error(`products: HTTP ${res.status}`);
  const list = await res.json();
  el.replaceChildren(...list.map((item) => renderProducts(item)));
  return list.length;
}

function renderProducts(item) {
  const row = document.createElement('li');
  row.className = 'products-row';
  row.dataset.id = String(item.id);
  row.textContent = `${item.name ?? item.id} (${new Date(item.updatedAt).toLocaleDateString()})`;
  return row;
}

/** Fetches the carts page `page` and renders it into `el`. */
export async function loadCarts(el, page = 1) {
  const res = await fetch(`/api/carts?page=${page}&size=25`, {
    headers: { accept: 'application/json' },
  });
  if (!res.ok) throw new Error(`carts: HTTP ${res.status}`);
  const list = await res.json();
  el.replaceChildren(...list.map((item) => renderCarts(item)));
  return list.length;
}

function renderCarts(item) {
  const row = document.createElement('li');
  row.className = 'carts-row';
  row.dataset.id = String(item.id);
  row.textContent = `${item.name ?? item.id} (${new Date(item.updatedAt).toLocaleDateString()})`;
  return row;
}

/** Fetches the reviews page `page` and renders it into `el`. */
export async function loadReviews(el, page = 1) {
  const res = await fetch(`/api/reviews?page=${page}&size=26`, {
    headers: { accept: 'application/json' },
  });
  if (!res.ok) throw new Error(`reviews: HTTP ${res.status}`);
  const list = await res.json();
  el.replaceChildren(...list.map((item) => renderReviews(item)));
  return list.length;
}

function renderReviews(item) {
  const row = document.createElement('li');
  row.className = 'reviews-row';
  row.dataset.id = String(item.id);
  row.textContent = `${item.name ?? item.id} (${new Date(item.updatedAt).toLocaleDateString()})`;
  return row;
}

/** Fetches the coupons page `page` and renders it into `el`. */
export async function loadCoupons(el, page = 1) {
  const res = await fetch(`/api/coupons?page=${page}&size=27`, {
    headers: { accept: 'application/json' },
  });
  if (!res.ok) throw new Error(`coupons: HTTP ${res.status}`);
  const list = await res.json();
  el.replaceChildren(...list.map((item) => renderCoupons(item)));
  return list.length;
}

function renderCoupons(item) {
  const row = document.createElement('li');
  row.className = 'coupons-row';
  row.dataset.id = String(item.id);
  row.textContent = `${item.name ?? item.id} (${new Date(item.updatedAt).toLocaleDateString()})`;
  return row;
}

/** Fetches the returns page `page` and renders it into `el`. */
export async function loadReturns(el, page = 1) {
  const res = await fetch(`/api/returns?page=${page}&size=28`, {
    headers: { accept: 'application/json' },
  });
  if (!res.ok) throw new Error(`returns: HTTP ${res.status}`);
  const list = await res.json();
  el.replaceChildren(...list.map((item) => renderReturns(item)));
  return list.length;
}

function renderReturns(item) {
  const row = document.createElement('li');
  row.className = 'returns-row';
  row.dataset.id = String(item.id);
  row.textContent = `${item.name ?? item.id} (${new Date(item.updatedAt).toLocaleDateString()})`;
  return row;
}

/** Fetches the payments page `page` and renders it into `el`. */
export async function loadPayments(el, page = 1) {
  const res = await fetch(`/api/payments?page=${page}&size=29`, {
    headers: { accept: 'application/json' },
  });
  if (!res.ok) throw new Error(`payments: HTTP ${res.status}`);
  const list = await res.json();
  el.replaceChildren(...list.map((item) => renderPayments(item)));
  return list.length;
}

function renderPayments(item) {
  const row = document.createElement('li');
  row.className = 'payments-row';
  row.dataset.id = String(item.id);
  row.textContent = `${item.name ?? item.id} (${new Date(item.updatedAt).toLocaleDateString()})`;
  return row;
}

/** Fetches the addresses page `page` and renders it into `el`. */
export async function loadAddresses(el, page = 1) {
  const res = await fetch(`/api/addresses?page=${page}&size=30`, {
    headers: { accept: 'application/json' },
  });
  if (!res.ok) throw new Error(`addresses: HTTP ${res.status}`);
  const list = await res.json();
  el.replaceChildren(...list.map((item) => renderAddresses(item)));
  return list.length;
}

function renderAddresses(item) {
  const row = document.createElement('li');
  row.className = 'addresses-row';
  row.dataset.id = String(item.id);
  row.textContent = `${item.name ?? item.id} (${new Date(item.updatedAt).toLocaleDateString()})`;
  return row;
}

/** Fetches the sessions page `page` and renders it into `el`. */
export async function loadSessions(el, page = 1) {
  const res = await fetch(`/api/sessions?page=${page}&size=31`, {
    headers: { accept: 'application/json' },
  });
  if (!res.ok) throw new Error(`sessions: HTTP ${res.status}`);
  const list = await res.json();
  el.replaceChildren(...list.map((item) => renderSessions(item)));
  return list.length;
}

function renderSessions(item) {
  const row = document.createElement('li');
  row.className = 'sessions-row';
  row.dataset.id = String(item.id);
  row.textContent = `${item.name ?? item.id} (${new Date(item.updatedAt).toLocaleDateString()})`;
  return row;
}

/** Fetches the labels page `page` and renders it into `el`. */
export async function loadLabels(el, page = 1) {
  const res = await fetch(`/api/labels?page=${page}&size=32`, {
    headers: { accept: 'application/json' },
  });
  if (!res.ok) throw new Error(`labels: HTTP ${res.status}`);
  const list = await res.json();
  el.replaceChildren(...list.map((item) => renderLabels(item)));
  return list.length;
}

function renderLabels(item) {
  const row = document.createElement('li');
  row.className = 'labels-row';
  row.dataset.id = String(item.id);
  row.textContent = `${item.name ?? item.id} (${new Date(item.updatedAt).toLocaleDateString()})`;
  return row;
}

/** Fetches the warehouses page `page` and renders it into `el`. */
export async function loadWarehouses(el, page = 1) {
  const res = await fetch(`/api/warehouses?page=${page}&size=33`, {
    headers: { accept: 'application/json' },
  });
  if (!res.ok) throw new Error(`warehouses: HTTP ${res.status}`);
  const list = await res.json();
  el.replaceChildren(...list.map((item) => renderWarehouses(item)));
  return list.length;
}

function renderWarehouses(item) {
  const row = document.createElement('li');
  row.className = 'warehouses-row';
  row.dataset.id = String(item.id);
  row.textContent = `${item.name ?? item.id} (${new Date(item.updatedAt).toLocaleDateString()})`;
  return row;
}

/** Fetches the suppliers page `page` and renders it into `el`. */
export async function loadSuppliers(el, page = 1) {
  const res = await fetch(`/api/suppliers?page=${page}&size=34`, {
    headers: { accept: 'application/json' },
  });
  if (!res.ok) throw new Error(`suppliers: HTTP ${res.status}`);
  const list = await res.json();
  el.replaceChildren(...list.map((item) => renderSuppliers(item)));
  return list.length;
}

function renderSuppliers(item) {
  const row = document.createElement('li');
  row.className = 'suppliers-row';
  row.dataset.id = String(item.id);
  row.textContent = `${item.name ?? item.id} (${new Date(item.updatedAt).toLocaleDateString()})`;
  return row;
}
