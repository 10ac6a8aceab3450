/**
 * A time zone where it is about noon now, for test businesses that send text messages: they are
 * held outside the SMS window (08:00–21:00 business-local), and a test run may be at any hour.
 * Etc/GMT zones have no daylight-saving time, and their sign is the POSIX one (Etc/GMT-3 is UTC+3).
 */
export function daytimeZone(now = new Date()): string {
  const offset = 12 - now.getUTCHours(); // -11 … +12
  if (offset === 0) return 'UTC';
  return `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}
