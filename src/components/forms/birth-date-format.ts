import dayjs from 'dayjs';

/** How the field shows a day, and the ISO day the API takes. */
export const DISPLAY_FORMAT = 'DD.MM.YYYY';
export const VALUE_FORMAT = 'YYYY-MM-DD';

/** 'DD.MM.YYYY' (also with '/' or '-', one-digit day and month) as YYYY-MM-DD; '' when not a real day. */
export function parseTypedDate(text: string): string {
  const match = /^\s*(\d{1,2})[./-](\d{1,2})[./-](\d{4})\s*$/.exec(text);
  if (!match) return '';
  const [, day, month, year] = match;
  const iso = `${year}-${month!.padStart(2, '0')}-${day!.padStart(2, '0')}`;
  return dayjs(iso, VALUE_FORMAT).format(VALUE_FORMAT) === iso ? iso : '';
}

/** An ISO day as the field shows it; '' for none. */
export const displayDate = (iso: string | undefined) => {
  const day = iso ? dayjs(iso, VALUE_FORMAT) : undefined;
  return day?.isValid() ? day.format(DISPLAY_FORMAT) : '';
};
