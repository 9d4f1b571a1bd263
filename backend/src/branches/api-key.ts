import { randomBytes } from 'node:crypto';

/** A new random secret for a branch's front-desk and back-office order lists. */
export const newApiKey = () => randomBytes(24).toString('hex');
