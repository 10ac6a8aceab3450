import { counted } from './words';
/**
 * How a text message is split into parts (segments), as carriers bill it: GSM-7 (the GSM 03.38
 * alphabet) fits 160 characters in one message and 153 per part of a longer one (a part header
 * takes the rest); one character outside it makes the whole message UCS-2: 70, or 67 per part.
 * In GSM-7 the extension characters ( ^ { } \ [ ~ ] | €) take two; in UCS-2 an emoji takes two.
 */

const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\u001bÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION = '\f^{}\\[~]|€';
const basic = new Set(GSM_BASIC);
const extension = new Set(GSM_EXTENSION);

export const SMS_SEGMENT_LIMITS = {
  'GSM-7': { single: 160, part: 153 },
  'UCS-2': { single: 70, part: 67 },
} as const;

/** Above this many segments the wizard warns: long texts cost more and arrive split on some phones. */
export const SMS_SEGMENTS_WARNING = 3;

export type SmsEncoding = keyof typeof SMS_SEGMENT_LIMITS;
export type SmsSegments = { encoding: SmsEncoding; characters: number; segments: number };

export function smsSegments(text: string): SmsSegments {
  let septets = 0;
  let gsm = true;
  for (const character of text) {
    if (basic.has(character)) septets += 1;
    else if (extension.has(character)) septets += 2;
    else {
      gsm = false;
      break;
    }
  }
  const encoding: SmsEncoding = gsm ? 'GSM-7' : 'UCS-2';
  // UCS-2 counts UTF-16 code units: an emoji (a surrogate pair) is two.
  const characters = gsm ? septets : text.length;
  const { single, part } = SMS_SEGMENT_LIMITS[encoding];
  const segments = characters === 0 ? 0 : characters <= single ? 1 : Math.ceil(characters / part);
  return { encoding, characters, segments };
}

export const smsSegmentsMessages = {
  summary: ({ encoding, characters, segments }: SmsSegments) =>
    `${counted(characters, 'character')}, ${counted(segments, 'segment')} (${encoding})`,
  tooLong: (segments: number) =>
    `This message is sent as ${segments} segments: each is billed as one text, and some phones show the parts apart. Shorten it to ${SMS_SEGMENTS_WARNING} or fewer.`,
} as const;
