import { AppFailure } from '../core/app-failure.js';

/** Whether this runtime knows the IANA zone by that name. */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** Refuses a zone this runtime does not know, in the words the window shows (null: the system's). */
export function requireTimeZone(timezone: string | null): void {
  if (timezone !== null && !isTimeZone(timezone)) {
    throw new AppFailure(
      'INVALID_ARGUMENT',
      `"${timezone}" is not a time zone name: pick one from the list, such as Europe/Paris.`,
    );
  }
}
