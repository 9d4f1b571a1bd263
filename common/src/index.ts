/**
 * `@ordering/common`: the API contract and the domain rules shared by backend, web and desktop.
 * Pure and deterministic: no I/O, no runtime dependencies; "now" is always a parameter.
 *
 * @packageDocumentation
 */
export * from './contract/index.js';
export * from './i18n/index.js';
