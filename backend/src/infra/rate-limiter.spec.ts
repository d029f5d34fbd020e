import { subjectKey } from './rate-limiter';

describe('subjectKey', () => {
  it('keeps a short subject as its address key and gives two long subjects with one 190-character start different keys', () => {
    expect(subjectKey('aoife@example.ie')).toBe('aoife@example.ie');
    expect(subjectKey('2001:db8:1:2::/64')).toBe('2001:db8:1:2::/64');
    const start = 'a'.repeat(190);
    const [one, two] = [subjectKey(`${start}1@example.ie`), subjectKey(`${start}2@example.ie`)];
    expect(one).not.toBe(two);
    expect(one.length).toBeLessThanOrEqual(190);
    expect(two.length).toBeLessThanOrEqual(190);
  });
});
