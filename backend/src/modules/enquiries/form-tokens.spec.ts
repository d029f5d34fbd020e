import { loadConfig } from '../../config/configuration';
import { FormTokens } from './form-tokens';

describe(FormTokens.name, () => {
  const tokens = new FormTokens(loadConfig({ JWT_SECRET: 'a'.repeat(32) }));

  it('gives back the time it signed', () => {
    expect(tokens.issuedAt(tokens.issue(1_750_000_000_000))).toBe(1_750_000_000_000);
  });

  it('refuses a changed time, a token of another key and garbage', () => {
    const [, mac] = tokens.issue(1_750_000_000_000).split('.');
    expect(tokens.issuedAt(`1749999990000.${mac}`)).toBeNull();
    expect(tokens.issuedAt(new FormTokens(loadConfig({ JWT_SECRET: 'b'.repeat(32) })).issue(1_750_000_000_000))).toBeNull();
    for (const bad of ['', '1750000000000', '1750000000000.', `x.${mac}`, `1750000000000.${mac}x`]) expect(tokens.issuedAt(bad)).toBeNull();
  });
});
