export * from './types.js';
export * from './settings.js';
export * from './rules.js';
export * from './text.js';
export * from './text-length.js';
export * from './validate.js';
export * from './names.js';
