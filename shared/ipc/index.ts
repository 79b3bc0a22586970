export * from './errors.js';
export * from './models.js';
export * from './contract.js';
