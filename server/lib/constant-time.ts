import { timingSafeEqual } from 'node:crypto';

/** Whether two secrets' bytes are the same, in time that does not tell how much of them matched. */
export const sameSecret = (given: Buffer, expected: Buffer): boolean => given.length === expected.length && timingSafeEqual(given, expected);
