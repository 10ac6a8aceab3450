import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { useMemo } from 'react';
import { useBusinesses } from './useBusinesses';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The one way times are written on every screen: the spec's "DD.MM.YYYY" and "DD.MM.YYYY, HH:MMh". */
const DATE_FORMAT = 'DD.MM.YYYY';
const TIME_FORMAT = 'HH:mm';
const DATE_TIME_FORMAT = `${DATE_FORMAT}, ${TIME_FORMAT}[h]`;
/** The spec's "long date/time" of a campaign's schedule. */
const LONG_FORMAT = 'dddd, D MMMM YYYY [at] HH:mm';
const WALL_CLOCK = 'YYYY-MM-DDTHH:mm:ss';

export type BusinessTime = {
  /** "Berlin time" when the browser is elsewhere (a time could be misread then); null when they agree. */
  zoneLabel: string | null;
  /** "Berlin time (Europe/Berlin)", always: for a picker, which works in this zone. */
  zoneName: string;
  /** "25.11.2026, 12:54h", with " (Berlin time)" when the browser is elsewhere. */
  dateTime(iso: string): string;
  /** "25.11.2026, 12:54h" alone: for a table, whose column title names the zone (see `titled`). */
  stamp(iso: string): string;
  /** "Sent at (Berlin time)" when the browser is elsewhere, else the title as it is. */
  titled(title: string): string;
  /** "Wednesday, 25 November 2026 at 12:54", with the zone as dateTime. */
  longDateTime(iso: string): string;
  time(iso: string): string;
  /** The time alone today ("12:54"), else the stamp: for logs read the same day. */
  short(iso: string): string;
  /** An instant as a picker shows it: the business's wall-clock time, whatever the browser's zone. */
  toPicker(iso: string): Dayjs;
  /** What a picker holds (a wall-clock time), read as the business's local time: the instant. */
  fromPicker(value: Dayjs): Dayjs;
  /** The business's "now", for a picker's disabled dates. */
  now(): Dayjs;
};

/** "Europe/Berlin" → "Berlin time", "America/New_York" → "New York time". */
const zoneWords = (zone: string) => `${zone.split('/').at(-1)!.replaceAll('_', ' ')} time`;

/**
 * Times in the business's time zone (where its customers visit and its messages leave), not the
 * browser's: an owner travelling, or staff elsewhere, sees the café's own times. `zone` falls back
 * to the browser's while the business's is not known yet.
 */
export function businessTime(zone: string | null | undefined, browserZone: string = dayjs.tz.guess()): BusinessTime {
  const businessZone = zone || browserZone;
  const zoneLabel = businessZone === browserZone ? null : zoneWords(businessZone);
  const at = (iso: string) => dayjs(iso).tz(businessZone);
  const zoned = (text: string) => (zoneLabel ? `${text} (${zoneLabel})` : text);
  return {
    zoneLabel,
    zoneName: `${zoneWords(businessZone)} (${businessZone})`,
    dateTime: (iso) => zoned(at(iso).format(DATE_TIME_FORMAT)),
    stamp: (iso) => at(iso).format(DATE_TIME_FORMAT),
    titled: zoned,
    longDateTime: (iso) => zoned(at(iso).format(LONG_FORMAT)),
    time: (iso) => at(iso).format(TIME_FORMAT),
    short: (iso) => (at(iso).isSame(dayjs().tz(businessZone), 'day') ? at(iso).format(TIME_FORMAT) : at(iso).format(DATE_TIME_FORMAT)),
    toPicker: (iso) => dayjs(at(iso).format(WALL_CLOCK)),
    fromPicker: (value) => dayjs.tz(value.format(WALL_CLOCK), businessZone),
    now: () => dayjs(dayjs().tz(businessZone).format(WALL_CLOCK)),
  };
}

/** The selected business's times (see businessTime). */
export function useBusinessTime(): BusinessTime {
  const { businesses, selected } = useBusinesses();
  const zone = businesses.find((business) => business.id === selected?.id)?.timeZone;
  return useMemo(() => businessTime(zone), [zone]);
}
