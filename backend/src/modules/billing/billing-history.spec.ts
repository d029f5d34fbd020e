import { emailKey, normalisedEmail } from './billing-history';

describe(normalisedEmail.name, () => {
  it('reads an address as one mailbox: trimmed and lowercase, without a +tag, and without dots at Gmail', () => {
    expect(normalisedEmail('  Aoife.Ni.Bhriain@Example.IE ')).toBe('aoife.ni.bhriain@example.ie');
    expect(normalisedEmail('aoife+harp@example.ie')).toBe('aoife@example.ie');
    expect(normalisedEmail('A.O.I.F.E+trial2@GoogleMail.com')).toBe('aoife@gmail.com');
    expect(normalisedEmail('aoife@gmail.com.')).toBe('aoife@gmail.com');
    // Dots count elsewhere: two people at one company.
    expect(normalisedEmail('a.oife@example.ie')).not.toBe(normalisedEmail('ao.ife@example.ie'));
    // A local part that starts with "+" keeps it; an address without one "@" is kept as it is.
    expect(normalisedEmail('+353@example.ie')).toBe('+353@example.ie');
    expect(normalisedEmail(' Not An Address ')).toBe('not an address');
    // Full-width letters (NFKC) are the letters they look like.
    expect(normalisedEmail('ａｏｉｆｅ@example.ie')).toBe('aoife@example.ie');
  });

  it('keys the history on a hash of the normalised address, never the address', () => {
    const key = emailKey('Aoife.Lister+again@googlemail.com');
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(key).toBe(emailKey('aoifelister@gmail.com'));
    expect(key).not.toBe(emailKey('aoifelister@example.ie'));
  });
});
