// `npm run kiosk-pin -w desktop -- 2468`: prints the hash of an admin PIN for the kiosk's config
// (ORDERING_ADMIN_PIN_HASH or "adminPinHash" in config.json); the PIN itself is stored nowhere.
import { randomBytes, scryptSync } from 'node:crypto';

const pin = process.argv[2] ?? '';
if (!/^\d{4,12}$/.test(pin)) {
  console.error('Die PIN muss aus 4 bis 12 Ziffern bestehen.');
  process.exit(2);
}
const salt = randomBytes(16);
console.log(`scrypt$${salt.toString('hex')}$${scryptSync(pin, salt, 32).toString('hex')}`);
