export * from './de.js';
export * from './entities.js';
export * from './en.js';
