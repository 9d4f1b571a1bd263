export * from './base.js';
export * from './media.js';
export * from './branch.js';
export * from './catalog.js';
export * from './order.js';
export * from './content.js';
export * from './entities.js';
export * from './api.js';
