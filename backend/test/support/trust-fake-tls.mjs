// Preloaded into a product process that talks to the local Mollie fake (`npm run fakes` prints the line):
//   NODE_OPTIONS="--import=<repo>/backend/test/support/trust-fake-tls.mjs"
// The official Mollie client trusts only its bundled CA list, so NODE_EXTRA_CA_CERTS does not reach it;
// this adds the fake's test-only certificate (from mollie-fake.ts) to the CAs of every TLS connection of
// the process, as the tests do with trustFakeCertificate(). Test tree only: never in a production start.
import { readFileSync } from 'node:fs';
import tls from 'node:tls';

const source = readFileSync(new URL('./mollie-fake.ts', import.meta.url), 'utf8');
const cert = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/.exec(source)?.[0];
if (!cert) throw new Error('trust-fake-tls: no certificate found in mollie-fake.ts');

const connect = tls.connect;
tls.connect = function (...args) {
  const options = args.find((a) => a && typeof a === 'object');
  if (options?.ca) options.ca = [...(Array.isArray(options.ca) ? options.ca : [options.ca]), cert];
  return connect.apply(this, args);
};
