import { isoTime } from './iso-time';

describe(isoTime.name, () => {
  it.each([
    0, 1, 999, 1000, 59_999, 86_399_999, 86_400_000,
    Date.UTC(2000, 1, 29, 12, 0, 0, 5), Date.UTC(2100, 1, 28, 23, 59, 59, 999), Date.UTC(2100, 2, 1), Date.UTC(2024, 11, 31, 23, 59, 59, 999),
    Date.UTC(2026, 8, 28, 8, 56), Date.UTC(9999, 11, 31, 23, 59, 59, 999),
  ])('writes %d as toISOString does', (ms) => {
    expect(isoTime(new Date(ms))).toBe(new Date(ms).toISOString());
  });

  it('agrees with toISOString on many dates of years 1970 to 9999', () => {
    for (let i = 0; i < 20_000; i++) {
      const d = new Date(Math.floor(Math.random() * 253_402_300_800_000));
      expect(isoTime(d)).toBe(d.toISOString());
    }
  });

  it('leaves other years to the builtin, and an invalid date throws as it does', () => {
    for (const ms of [-1, Date.UTC(1969, 6, 20, 20, 17), Date.UTC(-5, 0, 1), Date.UTC(10000, 0, 1), 8.64e15]) expect(isoTime(new Date(ms))).toBe(new Date(ms).toISOString());
    expect(() => isoTime(new Date(NaN))).toThrow(RangeError);
  });
});
