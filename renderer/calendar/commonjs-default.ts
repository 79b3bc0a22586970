/**
 * The default export of one of react-big-calendar's CommonJS modules: bundlers disagree on whether
 * a default import of one is the export itself or the `exports` object holding it as `default`.
 */
export function commonJsDefault<T>(module: T | { default: T }): T {
  return typeof module === 'object' && module !== null && 'default' in module ? module.default : module;
}
