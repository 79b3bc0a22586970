/*
 * Modules of react-big-calendar's CommonJS build that QuickMonthView.tsx extends or calls; the
 * package's types do not describe them, so they arrive untyped and QuickMonthView names what it uses.
 */
declare module 'react-big-calendar/lib/Month.js' {
  const MonthView: unknown;
  export default MonthView;
}
declare module 'react-big-calendar/lib/DateContentRow.js' {
  const DateContentRow: unknown;
  export default DateContentRow;
}
declare module 'react-big-calendar/lib/utils/eventLevels.js' {
  const eventLevels: unknown;
  export default eventLevels;
}
