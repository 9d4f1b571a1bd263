export * from './de.js';
export * from './entities.js';
