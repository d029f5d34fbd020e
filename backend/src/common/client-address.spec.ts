import { addressKey } from './client-address';

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
