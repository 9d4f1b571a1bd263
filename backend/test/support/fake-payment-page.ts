import type http from 'node:http';

/**
 * The hosted payment page of a fake provider, for people and browser tests: what a customer would see at
 * Mollie's checkout or Datatrans' payment page, reduced to four buttons. Plain HTML forms (no script), so
 * it works in any browser; each button posts back to the fake, which moves the payment, calls the shop's
 * webhook as the provider documents it and redirects the browser back.
 */

export type FakeOutcome = 'paid' | 'failed' | 'canceled' | 'expired';
export const FAKE_OUTCOMES: readonly FakeOutcome[] = ['paid', 'failed', 'canceled', 'expired'];

const LABELS: Record<FakeOutcome, string> = {
  paid: 'Bezahlt · paid',
  failed: 'Fehlgeschlagen · failed',
  canceled: 'Abgebrochen · canceled',
  expired: 'Abgelaufen · expired',
};

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export interface FakePageInfo {
  provider: string;
  reference: string;
  amount: string;
  description: string;
  /** Shown under the buttons (what each outcome does at this provider). */
  note: string;
}

/** The page: provider, amount, description and one form button per outcome. */
export function renderPaymentPage(info: FakePageInfo, action: string): string {
  const buttons = FAKE_OUTCOMES.map(
    (outcome) =>
      `<button type="submit" name="outcome" value="${outcome}" class="${outcome}">${LABELS[outcome]}</button>`,
  ).join('\n');
  return `<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(info.provider)} – Testzahlung</title>
<style>
body { font-family: system-ui, sans-serif; background: #f4f4f5; color: #222; margin: 0; padding: 24px; }
main { max-width: 420px; margin: 0 auto; background: #fff; border-radius: 12px; padding: 24px;
  box-shadow: 0 2px 12px rgba(0,0,0,.08); }
h1 { font-size: 1.3rem; margin: 0 0 4px; }
.hint { color: #666; font-size: .9rem; margin: 0 0 16px; }
.amount { font-size: 2rem; font-weight: 700; margin: 12px 0 4px; }
form { display: grid; gap: 10px; margin-top: 20px; }
button { font-size: 1rem; padding: 14px; border-radius: 8px; border: 1px solid #ccc; background: #fafafa;
  cursor: pointer; min-height: 48px; }
button.paid { background: #1a7f37; color: #fff; border-color: #1a7f37; }
small { display: block; color: #666; margin-top: 16px; line-height: 1.4; }
</style>
</head>
<body>
<main>
<h1>${escape(info.provider)} · Testzahlung / test payment</h1>
<p class="hint">Lokaler Fake – es wird kein Geld bewegt. Local fake – no money moves.</p>
<p class="amount">${escape(info.amount)}</p>
<p>${escape(info.description)}</p>
<p class="hint">Referenz ${escape(info.reference)}</p>
<form method="post" action="${escape(action)}">
${buttons}
</form>
<small>${escape(info.note)}</small>
</main>
</body>
</html>`;
}

/** Sends an HTML page. */
export function sendHtml(res: http.ServerResponse, status: number, html: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(html);
}

/** Answers with a 303 to `location` (the browser follows with GET, as after a provider's page). */
export function redirect(res: http.ServerResponse, location: string): void {
  res.writeHead(303, { location });
  res.end();
}

/** The outcome of a posted page form (`outcome=paid`), or null. */
export function outcomeOf(raw: string): FakeOutcome | null {
  const value = new URLSearchParams(raw).get('outcome');
  return FAKE_OUTCOMES.includes(value as FakeOutcome) ? (value as FakeOutcome) : null;
}

/** Calls a shop webhook; a failure is logged, never thrown (a provider retries later, the shop polls). */
export async function callWebhook(
  url: string,
  init: { body: string; headers: Record<string, string> },
  log: (line: string) => void,
): Promise<number | null> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: init.headers,
      body: init.body,
      signal: AbortSignal.timeout(10_000),
    });
    log(`webhook ${url} → ${res.status}`);
    return res.status;
  } catch (err) {
    log(`webhook ${url} failed: ${(err as Error).message}`);
    return null;
  }
}
