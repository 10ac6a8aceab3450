import { describe, expect, it } from 'vitest';
import { contactSchema, fieldErrors, isPlainText, isWellFormedText, reviewSiteSchema } from '#domain';

/** Broken characters (unpaired UTF-16 surrogates): one rule in domain/, for forms and imported rows alike. */
describe('text rules', () => {
  it('tell a lone surrogate from a paired one, with or without String#isWellFormed', () => {
    for (const check of [isWellFormedText, (text: string) => isWellFormedText(Object.assign(new String(text), { isWellFormed: undefined }) as unknown as string)]) {
      expect(check('Café 👍 Łódź')).toBe(true);
      expect(check('\uD83D\uDC4D')).toBe(true);
      expect(check('a\uD800')).toBe(false);
      expect(check('\uDC00b')).toBe(false);
      expect(check('\uDC4D\uD83D')).toBe(false);
    }
    expect(isPlainText('Yelp \uD800')).toBe(false);
    expect(isPlainText('Yelp 👍')).toBe(true);
  });

  it('refuse a lone surrogate in any contact text and review site, naming the field and saying why', () => {
    const row = { firstName: 'Ann\uD800', lastName: 'Lee', email: 'ann@example.com', phoneNumber: '4915112345678', birthDate: '1990-01-01', gender: 'FEMALE', tags: 'vip,\uDC00' };
    const result = contactSchema.safeParse(row);
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual({
      firstName: 'First name must not contain a broken character (half of a surrogate pair)',
      tags: 'Tags must not contain a broken character (half of a surrogate pair)',
    });
    const site = reviewSiteSchema.safeParse({ name: 'Yelp\uD800', url: 'https://yelp.example/x' });
    expect(fieldErrors(site.error!)).toEqual({ name: 'Review site name must not contain a broken character (half of a surrogate pair)' });
  });
});
