import { format, getDay, parse, startOfWeek } from 'date-fns';
import { enUS } from 'date-fns/locale';
import { dateFnsLocalizer, type DateLocalizer } from 'react-big-calendar';
import { WEEK_STARTS_ON } from './range.js';

/*
 * react-big-calendar's own date-fns localizer, unchanged: rbc now draws only the agenda (14 days),
 * so its date math is no longer on any hot path. The month's date math is ours (month-days.ts),
 * the week's and the day's too (TimeGrid, time-rows). Weeks start where range.ts says.
 */

/** The calendar's localizer: date-fns formats in English, weeks from WEEK_STARTS_ON. */
export function createLocalizer(): DateLocalizer {
  return dateFnsLocalizer({
    format,
    parse,
    startOfWeek: (date: Date) => startOfWeek(date, { weekStartsOn: WEEK_STARTS_ON }),
    getDay,
    locales: { 'en-US': enUS },
  });
}
