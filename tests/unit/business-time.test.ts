import { describe, expect, it } from 'vitest';
import { businessTime } from '../../src/business/business-time';

describe("times in the business's zone", () => {
  const berlinSeenFromNewYork = businessTime('Europe/Berlin', 'America/New_York');

  it("writes a Berlin café's times as Berlin's clock shows them, naming the zone to a browser in New York", () => {
    expect(berlinSeenFromNewYork.dateTime('2026-11-25T11:54:00Z')).toBe('25.11.2026, 12:54h (Berlin time)');
    expect(berlinSeenFromNewYork.time('2026-11-25T11:54:00Z')).toBe('12:54');
    // A table names the zone once, in its column's title.
    expect(berlinSeenFromNewYork.stamp('2026-11-25T11:54:00Z')).toBe('25.11.2026, 12:54h');
    expect(berlinSeenFromNewYork.titled('Sent at')).toBe('Sent at (Berlin time)');
    // A log shows today's times alone.
    expect(berlinSeenFromNewYork.short(new Date().toISOString())).toMatch(/^\d\d:\d\d$/);
    expect(berlinSeenFromNewYork.short('2026-11-25T11:54:00Z')).toBe('25.11.2026, 12:54h');
    expect(berlinSeenFromNewYork.longDateTime('2026-11-25T11:54:00Z')).toBe('Wednesday, 25 November 2026 at 12:54 (Berlin time)');
    // Just before midnight UTC is already the next day in Berlin.
    expect(berlinSeenFromNewYork.stamp('2026-11-25T23:30:00Z')).toBe('26.11.2026, 00:30h');
    expect(businessTime('America/New_York', 'Europe/Berlin').dateTime('2026-07-01T12:00:00Z')).toBe('01.07.2026, 08:00h (New York time)');
  });

  it('names no zone when the browser is in the same one', () => {
    expect(businessTime('Europe/Berlin', 'Europe/Berlin').dateTime('2026-11-25T11:54:00Z')).toBe('25.11.2026, 12:54h');
    expect(businessTime(null, 'Europe/Berlin').zoneLabel).toBeNull();
    expect(businessTime('Europe/Berlin', 'Europe/Berlin').titled('Sent at')).toBe('Sent at');
  });

  it("reads a picked time as the business's local time, and shows an instant on the picker as its clock", () => {
    const picked = berlinSeenFromNewYork.toPicker('2026-11-25T11:54:00Z');
    expect(picked.format('YYYY-MM-DD HH:mm')).toBe('2026-11-25 12:54');
    expect(berlinSeenFromNewYork.fromPicker(picked).toISOString()).toBe('2026-11-25T11:54:00.000Z');
    // Across the change to summer time: 02:30 on 29 March 2026 does not exist in Berlin, 03:30 is UTC+2.
    expect(berlinSeenFromNewYork.fromPicker(berlinSeenFromNewYork.toPicker('2026-03-29T01:30:00Z')).toISOString()).toBe('2026-03-29T01:30:00.000Z');
  });
});
