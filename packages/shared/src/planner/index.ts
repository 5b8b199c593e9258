export * from './api.js';
export * from './expand.js';
export * from './module.js';
export * from './rule.js';
export * from './validation.js';
