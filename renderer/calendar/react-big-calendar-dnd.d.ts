/*
 * The drag-and-drop addon ships as CommonJS under a folder: ESM resolution (NodeNext) needs its
 * index file named, and its types (in @types, beside the folder) are CommonJS-shaped, while the
 * bundler hands us the `default` export itself. This declares what the bundler really gives.
 */
declare module 'react-big-calendar/lib/addons/dragAndDrop/index.js' {
  import type addon from 'react-big-calendar/lib/addons/dragAndDrop.js';
  const withDragAndDrop: typeof addon.default;
  export default withDragAndDrop;
}
