import { addressKey, subjectKey } from './rate-limiter';

describe(addressKey.name, () => {
  it.each([
    ['2001:db8:1:2::a', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::192.0.2.1', '64:ff9b:0:0::/64'],
    ['1:2:3::4:5:6:7', '1:2:3:0::/64'],
  ])('counts the IPv6 address %s by its /64, %s', (address, key) => {
    expect(addressKey(address)).toBe(key);
  });

  it('counts an IPv4-mapped address as the IPv4 address, and leaves IPv4 addresses and emails alone', () => {
    expect(addressKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('aoife@example.ie')).toBe('aoife@example.ie');
  });
});

describe('subjectKey', () => {
  it('keeps a short subject as its address key and gives two long subjects with one 190-character start different keys', () => {
    expect(subjectKey('aoife@example.ie')).toBe('aoife@example.ie');
    const start = 'a'.repeat(190);
    const [one, two] = [subjectKey(`${start}1@example.ie`), subjectKey(`${start}2@example.ie`)];
    expect(one).not.toBe(two);
    expect(one.length).toBeLessThanOrEqual(190);
    expect(two.length).toBeLessThanOrEqual(190);
  });
});
