/*
 * The drag-and-drop addon ships as CommonJS under a folder: ESM resolution (NodeNext) needs its
 * index file named, and its types (in @types, beside the folder) are CommonJS-shaped. Bundlers
 * disagree on whether a default import of it is the function or the `exports` object holding it,
 * so it is declared as either, and CalendarView takes whichever arrived.
 */
declare module 'react-big-calendar/lib/addons/dragAndDrop/index.js' {
  import type addon from 'react-big-calendar/lib/addons/dragAndDrop.js';
  const withDragAndDrop: typeof addon.default | { default: typeof addon.default };
  export default withDragAndDrop;
}
