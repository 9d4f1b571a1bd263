#!/usr/bin/env node
// `npm run fakes`: the local fakes of Mollie and Datatrans (from backend/test/support, the same ones the
// tests use) on fixed ports, with their hosted payment pages, and the lines that start the product
// against them. Runs until Ctrl+C. Options: --mollie-port=4443 (its page: port + 1), --datatrans-port=4450,
// --shop-port=3000 (only for the printed lines), --configure (once the product runs: enable Mollie and
// Datatrans with the fakes' credentials in the configuration and every branch, signed in as the demo admin
// or FAKES_ADMIN_USER / FAKES_ADMIN_PASSWORD).
import { registerHooks } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { existsSync } from 'node:fs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const option = (name, fallback) => {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  const value = Number(arg ? arg.slice(name.length + 3) : fallback);
  if (!Number.isInteger(value) || value < 1 || value > 65534) {
    console.error(`--${name} muss eine Portnummer sein.`);
    process.exit(2);
  }
  return value;
};
const molliePort = option('mollie-port', 4443);
const datatransPort = option('datatrans-port', 4450);
const shopPort = option('shop-port', process.env.PORT ?? 3000);

// The test tree imports its TypeScript siblings as `./x.js` (the compiler's convention); Node runs the
// `.ts` files directly (--experimental-transform-types), so map those specifiers to the `.ts` file.
registerHooks({
  resolve(specifier, context, next) {
    if (specifier.startsWith('.') && specifier.endsWith('.js') && context.parentURL?.endsWith('.ts')) {
      const ts = new URL(specifier.replace(/\.js$/, '.ts'), context.parentURL);
      if (existsSync(fileURLToPath(ts))) return next(ts.href, context);
    }
    return next(specifier, context);
  },
});

const support = (file) => pathToFileURL(path.join(root, 'backend/test/support', file)).href;
const { MollieFake } = await import(support('mollie-fake.ts'));
const { DatatransFake } = await import(support('datatrans-fake.ts'));

const log = (line) => console.log(`[fakes] ${new Date().toISOString().slice(11, 19)} ${line}`);
let mollie;
let datatrans;
try {
  mollie = await new MollieFake(log, molliePort).start();
  datatrans = new DatatransFake();
  datatrans.log = log;
  await datatrans.start(datatransPort);
} catch (err) {
  console.error(
    `Die Fakes konnten nicht starten: ${err.message} (Ports belegt? --mollie-port=…, --datatrans-port=…)`,
  );
  process.exit(1);
}

// The official Mollie client trusts only its own CA bundle: a preload from the test tree adds the fake's
// certificate to the product process (never part of a production start).
const trust = path.join(root, 'backend/test/support/trust-fake-tls.mjs');
const mollieKey = 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM';

console.log(`
Mollie-Fake:    API ${mollie.url}   Zahlungsseite ${mollie.pageUrl}/checkout/tr_…
Datatrans-Fake: API ${datatrans.url}   Zahlungsseite ${datatrans.url}/v1/start/…

1) Produkt gegen die Fakes starten (zweites Terminal):

   NODE_OPTIONS="--import=${trust}" \\
   MOLLIE_API_URL=${mollie.url.replace(/\/$/, '')} DATATRANS_API_URL=${datatrans.url} PORT=${shopPort} npm start

2) Im Backoffice unter Konfiguration → Zahlungen (oder: npm run fakes -- --configure, solange das Produkt läuft) eintragen:
   Mollie aktiv, API-Schlüssel      ${mollieKey}
   Datatrans aktiv, Händlernummer   ${datatrans.merchantId}
                    Passwort        ${datatrans.password}
                    Sign-Schlüssel  ${datatrans.signKey}
   und in der Filiale Mollie und Datatrans einschalten.

3) Bestellen, auf der Zahlungsseite "Bezahlt · paid" (oder failed / canceled / expired) wählen:
   der Fake ruft den Webhook des Shops und leitet zur Statusseite bzw. zu /store/{Filiale}/checkout/error.

Beenden mit Strg+C.`);

/** Signs in and switches both providers on, with the fakes' credentials, in the config and every branch. */
async function configure(base) {
  const username = process.env.FAKES_ADMIN_USER ?? 'admin';
  const password = process.env.FAKES_ADMIN_PASSWORD ?? 'Admin-Demo-2026';
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!login.ok) throw new Error(`Anmeldung als ${username} an ${base}: ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { data: session } = await login.json();
  const headers = { 'content-type': 'application/json', cookie, 'x-csrf-token': session.csrfToken };
  const call = async (method, url, body) => {
    const res = await fetch(`${base}${url}`, { method, headers, body: body && JSON.stringify(body) });
    const answer = await res.json().catch(() => ({}));
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(answer).slice(0, 300)}`);
    return answer.data;
  };
  const config = await call('GET', '/api/config');
  await call('POST', '/api/config', {
    ...config,
    enableMollie: true,
    enableDatatrans: true,
    secrets: {
      mollieApiKey: mollieKey,
      datatransMerchantId: datatrans.merchantId,
      datatransPassword: datatrans.password,
      datatransSign: datatrans.signKey,
    },
  });
  const branches = await call('GET', '/api/branches?limit=500');
  for (const branch of branches) {
    const { id, ...rest } = branch;
    await call('PUT', `/api/branches/${id}`, { ...rest, isMollieEnabled: true, isDatatransEnabled: true });
  }
  log(`${base}: Mollie und Datatrans in der Konfiguration und ${branches.length} Filialen eingeschaltet`);
}

if (process.argv.includes('--configure')) {
  const base = `http://localhost:${shopPort}`;
  for (let attempt = 0; ; attempt++) {
    try {
      await configure(base);
      break;
    } catch (err) {
      if (attempt >= 60) {
        console.error(`--configure: ${err.message}`);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 2000)); // the product may still be starting
    }
  }
}

const stop = async () => {
  await Promise.all([mollie.stop(), datatrans.stop()]);
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
