/** Injection token of the pino logger. */
export const LOGGER = Symbol('LOGGER');
/** Injection token of the validated configuration. */
export const APP_CONFIG = Symbol('APP_CONFIG');
