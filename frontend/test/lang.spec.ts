import { langPath, splitLang } from '../lib/lang';

describe('language URLs (lib/lang.ts)', () => {
  it('reads Irish from a /ga prefix and English from every other path', () => {
    expect(splitLang('/ga')).toEqual({ lang: 'ga', path: '/' });
    expect(splitLang('/ga/')).toEqual({ lang: 'ga', path: '/' });
    expect(splitLang('/ga/categories/harpists/cork')).toEqual({ lang: 'ga', path: '/categories/harpists/cork' });
    expect(splitLang('/gaillimh')).toEqual({ lang: 'en', path: '/gaillimh' });
    expect(splitLang('/counties/galway')).toEqual({ lang: 'en', path: '/counties/galway' });
  });

  it('puts Irish addresses under /ga with the same path and query, and leaves English ones as they are', () => {
    expect(langPath('ga', '/')).toBe('/ga');
    expect(langPath('ga', '/?price=free')).toBe('/ga?price=free');
    expect(langPath('ga', '/counties/cork?price=free')).toBe('/ga/counties/cork?price=free');
    expect(langPath('en', '/counties/cork?price=free')).toBe('/counties/cork?price=free');
    for (const path of ['/', '/counties', '/categories/harpists/cork']) expect(splitLang(langPath('ga', path))).toEqual({ lang: 'ga', path });
  });
});
