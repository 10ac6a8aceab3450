import { defineResource } from './define';

export const CHECK_IN_POSTER_PATH = '/business-settings/check-in-poster';

/**
 * The printable poster of the check-in page (?size=a4|letter|tent), opened from /business-settings.
 * Its data is the settings' own (`businessSettings`' checkInPage).
 */
export const checkInPosterResource = defineResource({
  name: 'checkInPoster',
  list: CHECK_IN_POSTER_PATH,
  meta: { label: 'Check-in poster', hide: true, requiresBusiness: true },
});
