// Types of shifted-clock.mjs (plain JavaScript so Node can preload it with --import).
type Env = Record<string, string | undefined>;
export function clockOffsetMs(env?: Env): number;
export function installShiftedClock(env?: Env): number;
export function nodeOptionsWithClock(env?: Env): string;
export function shareShiftedClock(env?: Env): number;
export function setClockAt(instant: string): number;
export function clockIsShifted(): boolean;
export function clockForChild(env?: Env): Record<string, string>;
