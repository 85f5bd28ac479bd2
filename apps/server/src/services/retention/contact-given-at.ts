import { isRealDate, isRealTime } from '@venue-voice/domain';

const HOUR_MS = 3_600_000;
/**
 * The westmost UTC offset a zone has (Etc/GMT+12, −12:00): a local time names its latest instant
 * there. Branches have no time zone (decision 0014), so the server cannot read the tablet's own.
 */
const WESTMOST_OFFSET_MS = 12 * HOUR_MS;
const LOCAL = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/**
 * The latest instant a venue-local `YYYY-MM-DD HH:mm:ss` can name in any time zone (the second it
 * drops included), or null for text that names no real date and time.
 */
export function latestInstantOf(local: string): Date | null {
  const match = LOCAL.exec(local);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (!isRealDate(year, month, day) || !isRealTime(hour, minute, second)) return null;
  const utc = new Date(0);
  utc.setUTCFullYear(year, month - 1, day);
  utc.setUTCHours(hour, minute, second, 999);
  return new Date(utc.getTime() + WESTMOST_OFFSET_MS);
}

/** What the supplement knows of the response its contact details come with (its create). */
export interface CreatedResponse {
  authType: string;
  /** The create's `surveyCompleted`: local time on the device that made it. */
  surveyCompleted: string | null;
}

/**
 * When the guest gave the contact details, as late as it can have been (the 7 days never start early).
 * A tablet ('app') may upload days after the guest finished: its details date from the create's
 * `surveyCompleted`, read at its latest instant, never later than their arrival. A web guest gives
 * them in the session right after the create, so they date from their arrival (a phone's clock is
 * not trusted with them).
 */
export function contactGivenAt(arrival: Date, response: CreatedResponse): Date {
  if (response.authType !== 'app' || response.surveyCompleted === null) return arrival;
  const latest = latestInstantOf(response.surveyCompleted);
  return latest !== null && latest < arrival ? latest : arrival;
}
