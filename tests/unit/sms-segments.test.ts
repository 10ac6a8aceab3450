import { describe, expect, it } from 'vitest';
import { smsSegments } from '#domain/sms-segments';

describe('SMS segments (GSM-7 / UCS-2)', () => {
  it.each([
    ['plain, one segment', 'Hi Anna, thanks for visiting Corner Bakery!', { encoding: 'GSM-7', characters: 43, segments: 1 }],
    ['160 GSM-7 characters fit one', 'a'.repeat(160), { encoding: 'GSM-7', characters: 160, segments: 1 }],
    ['161 need two parts of 153', 'a'.repeat(161), { encoding: 'GSM-7', characters: 161, segments: 2 }],
    ['a long message', 'a'.repeat(460), { encoding: 'GSM-7', characters: 460, segments: 4 }],
    ['GSM accents stay GSM-7', 'Café Müller: ¿Qué tal? Ñoño àèéìòù', { encoding: 'GSM-7', characters: 34, segments: 1 }],
    ['an accent outside GSM-7 (á) does not', 'Ñandú', { encoding: 'UCS-2', characters: 5, segments: 1 }],
    ['extension characters take two', '€5 [sale] {today}', { encoding: 'GSM-7', characters: 22, segments: 1 }],
    ['one accent outside GSM-7 makes it UCS-2', 'Hvala, Ana! Posjetite nas opet. č', { encoding: 'UCS-2', characters: 33, segments: 1 }],
    ['70 UCS-2 characters fit one', 'č'.repeat(70), { encoding: 'UCS-2', characters: 70, segments: 1 }],
    ['71 need two parts of 67', 'č'.repeat(71), { encoding: 'UCS-2', characters: 71, segments: 2 }],
    ['an emoji is UCS-2 and counts two', 'Thanks! 😊', { encoding: 'UCS-2', characters: 10, segments: 1 }],
    ['emoji push past 70', `${'a'.repeat(68)}😊`, { encoding: 'UCS-2', characters: 70, segments: 1 }],
    ['emoji past 70', `${'a'.repeat(69)}😊`, { encoding: 'UCS-2', characters: 71, segments: 2 }],
    ['empty', '', { encoding: 'GSM-7', characters: 0, segments: 0 }],
  ])('%s', (_title, text, expected) => {
    expect(smsSegments(text)).toEqual(expected);
  });
});
