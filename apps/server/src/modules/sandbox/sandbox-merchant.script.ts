/**
 * The script of the sandbox merchant page (served as /sandbox/merchant/page.js, an ES module of our own
 * origin, so it runs under the CSP's script-src 'self'). It does what a merchant's page does with the SDK:
 * asks its server for a signed link (POST /sandbox/merchant/entry), then `openCheckout` with the mode
 * chosen, listing every event the SDK hands to `onEvent`. It also reads the demo endpoint's webhooks every
 * 3 s while the page is visible, and asks the endpoint to fail the next one.
 *
 * The SDK (./sdk/index.js, its built browser bundle) is imported when the page loads but awaited only when
 * the checkout opens: without a build the webhooks still show, and the button says what is missing.
 * Everything shown is set as text, never as HTML: events and webhooks carry strings from elsewhere.
 */
export const SANDBOX_MERCHANT_SCRIPT = `const sdk = import('./sdk/index.js');
// Handled when the checkout opens; until then a missing build is no uncaught error.
sdk.catch(() => {});

const main = document.querySelector('main');
const form = document.getElementById('checkout-form');
const submit = form.querySelector('button[type=submit]');
const formStatus = document.getElementById('form-status');
const container = document.getElementById('checkout-container');
const closeButton = document.getElementById('close-checkout');
const eventsList = document.getElementById('events');
const eventsEmpty = document.getElementById('events-empty');
const webhooksBody = document.getElementById('webhooks');
const webhooksStatus = document.getElementById('webhooks-status');
const failNext = document.getElementById('fail-next');
const MAX_EVENTS = 100;
const POLL_MS = 3000;

if (window.location.origin !== main.dataset.pageOrigin) document.getElementById('origin-warning').hidden = false;

function element(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

function timeElement(date) {
  const node = element('time', date.toLocaleTimeString());
  node.dateTime = date.toISOString();
  return node;
}

// ---- The checkout ----
let checkout = null;

function showCheckoutClosed() {
  checkout = null;
  closeButton.hidden = true;
  container.hidden = true;
  container.replaceChildren();
}

function addEvent(event) {
  const item = element('li');
  item.append(timeElement(new Date()), element('strong', event.type), element('pre', JSON.stringify(event.data, null, 2)));
  eventsList.prepend(item);
  while (eventsList.children.length > MAX_EVENTS) eventsList.lastElementChild.remove();
  eventsEmpty.hidden = true;
  // An embedded checkout stays in the page when closed from inside: close() removes it (and announces nothing twice).
  if (event.type === 'checkout.closed') {
    const closing = checkout;
    showCheckoutClosed();
    if (closing) closing.close();
  }
}

document.getElementById('clear-events').addEventListener('click', () => {
  eventsList.replaceChildren();
  eventsEmpty.hidden = false;
});

closeButton.addEventListener('click', () => {
  if (checkout) checkout.close();
  showCheckoutClosed();
});

/** The server's reasons, or the status when it gave none. */
async function refusalOf(response) {
  try {
    const body = await response.json();
    if (Array.isArray(body.errors) && body.errors.length > 0) return body.errors.join(' ');
  } catch {
    // Not JSON: the status says enough.
  }
  return "The shop's server answered " + response.status + '.';
}

form.addEventListener('submit', async (submitEvent) => {
  submitEvent.preventDefault();
  const fields = Object.fromEntries(new FormData(form));
  const mode = fields.mode;
  submit.disabled = true;
  formStatus.className = '';
  formStatus.textContent = 'Signing the link…';
  if (checkout) checkout.close();
  showCheckoutClosed();
  try {
    const { openCheckout } = await sdk.catch(() => {
      throw new Error('The SDK did not load: run npm run build (it builds packages/sdk/dist), then reload this page.');
    });
    const response = await fetch('/sandbox/merchant/entry', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(fields),
    });
    if (!response.ok) throw new Error(await refusalOf(response));
    const answer = await response.json();
    if (mode === 'embedded') container.hidden = false;
    checkout = openCheckout({ url: answer.url, mode, container, title: 'Buy crypto', onEvent: addEvent });
    if (mode !== 'redirect') closeButton.hidden = false;
    const opened = mode === 'redirect' ? 'Leaving for the checkout' : 'The checkout is open (' + mode + ')';
    formStatus.textContent = opened + (answer.tranId ? ', for transaction ' + answer.tranId : '') + '.';
  } catch (error) {
    showCheckoutClosed();
    formStatus.className = 'errors';
    formStatus.textContent = error instanceof Error ? error.message : String(error);
  } finally {
    submit.disabled = false;
  }
});

// ---- The webhooks ----
let shownWebhooks = '';

function webhookRow(webhook) {
  const row = element('tr');
  const received = element('td');
  received.append(timeElement(new Date(webhook.receivedAt)));
  const type = element('td');
  if (webhook.body) {
    const details = element('details');
    details.append(element('summary', webhook.eventType || '(no type)'), element('pre', JSON.stringify(webhook.body, null, 2)));
    type.append(details);
  } else type.textContent = webhook.eventType || '(no type)';
  const answered = webhook.answeredStatus === 200 ? '200' : webhook.answeredStatus === 500 ? '500 (told to fail: retried)' : String(webhook.answeredStatus);
  row.append(
    received,
    type,
    element('td', webhook.verified ? 'valid' : 'not valid', webhook.verified ? 'done' : 'errors'),
    element('td', answered),
    element('td', webhook.webhookId),
  );
  return row;
}

function showWebhooks(received) {
  // Unchanged: leave the table alone, so an open body stays open.
  const fingerprint = JSON.stringify(received);
  if (fingerprint === shownWebhooks) return;
  shownWebhooks = fingerprint;
  if (received.length === 0) {
    const row = element('tr');
    const cell = element('td', 'Nothing yet. Open the checkout with an amount and pay it, or send a test webhook from the merchant console.');
    cell.colSpan = 5;
    row.append(cell);
    webhooksBody.replaceChildren(row);
  } else webhooksBody.replaceChildren(...received.map(webhookRow));
}

async function readWebhooks() {
  if (document.visibilityState !== 'visible') return;
  try {
    const response = await fetch('/sandbox/merchant/webhooks', { cache: 'no-store' });
    if (!response.ok) throw new Error('the receiver answered ' + response.status);
    showWebhooks((await response.json()).received);
    if (webhooksStatus.className === 'errors') {
      webhooksStatus.className = '';
      webhooksStatus.textContent = '';
    }
  } catch (error) {
    webhooksStatus.className = 'errors';
    webhooksStatus.textContent = 'Could not read the webhooks: ' + (error instanceof Error ? error.message : String(error));
  }
}

let poll = null;
function pollWhileVisible() {
  clearInterval(poll);
  poll = null;
  if (document.visibilityState !== 'visible') return;
  void readWebhooks();
  poll = setInterval(readWebhooks, POLL_MS);
}
document.addEventListener('visibilitychange', pollWhileVisible);
pollWhileVisible();

failNext.addEventListener('click', async () => {
  failNext.disabled = true;
  try {
    const response = await fetch('/sandbox/merchant/webhooks/fail-next', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ count: 1 }),
    });
    if (!response.ok) throw new Error('the receiver answered ' + response.status);
    webhooksStatus.className = '';
    webhooksStatus.textContent = 'The next signed delivery will be answered 500; it comes again about 5 seconds later and is answered 200.';
  } catch (error) {
    webhooksStatus.className = 'errors';
    webhooksStatus.textContent = 'Could not set it: ' + (error instanceof Error ? error.message : String(error));
  } finally {
    failNext.disabled = false;
  }
});
`;
