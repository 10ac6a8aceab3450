import { CHECK_IN_POSTER_PATH } from '../../resources/check-in-poster';

/** The printable check-in posters: their names, the settings' button for each, and the paper (CSS @page size). */
export const POSTER_SIZES = {
  a4: { label: 'A4 poster', print: 'Print A4 poster', paper: 'A4 portrait' },
  letter: { label: 'Letter poster', print: 'Print Letter poster', paper: 'letter portrait' },
  // One sheet folded across the middle: the two halves face both sides of the table.
  tent: { label: 'Table tent', print: 'Print table tent', paper: 'A4 portrait' },
} as const;

export type PosterSize = keyof typeof POSTER_SIZES;

export const posterPath = (size: PosterSize) => `${CHECK_IN_POSTER_PATH}?size=${size}`;

/** The size a poster URL asks for; A4 when it names none we know. */
export const posterSizeOf = (value: string | null): PosterSize => (value && Object.hasOwn(POSTER_SIZES, value) ? (value as PosterSize) : 'a4');
