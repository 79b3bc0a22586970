export * from './errors.js';
export * from './scopes.js';
export * from './resources.js';
export * from './endpoints.js';
export * from './lists.js';
