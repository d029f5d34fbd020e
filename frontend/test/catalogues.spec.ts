import { compileMessage } from '@lingui/message-utils/compileMessage';
import en, { type MessageId } from '../locales/en';
import { type CompiledMessage, messageReader } from '../lib/i18n';
import { CATALOGUES, createI18n, pageMessages } from '../lib/i18n.server';
import { LANGS } from '../lib/lang';

const ids = Object.keys(en) as MessageId[];
/** Every namespace: a key up to its last dot. */
const namespaces = [...new Set(ids.map((id) => id.slice(0, id.lastIndexOf('.'))))];

/** Every `{name}`, `{name, plural, ...}` and `{name, select, ...}` of a compiled message, and its kinds of token. */
function walk(tokens: CompiledMessage, found: { names: Set<string>; plurals: Set<string>[]; bad: string[] }) {
  for (const token of tokens) {
    if (typeof token === 'string') {
      if (token === '#') found.bad.push("'#' (Lingui would format it with Intl.NumberFormat)");
      continue;
    }
    const [name, type, cases] = token as [string, string?, Record<string, CompiledMessage>?];
    found.names.add(name);
    if (type === undefined) continue;
    if (type !== 'plural' && type !== 'select') {
      found.bad.push(`{${name}, ${type}} (the browser's reader formats text, plural and select only)`);
      continue;
    }
    const { offset, ...forms } = cases as Record<string, CompiledMessage> & { offset?: number };
    if (offset !== undefined) found.bad.push(`an offset in {${name}}`);
    if (type === 'plural') found.plurals.push(new Set(Object.keys(forms)));
    for (const c of Object.values(forms)) walk(c, found);
  }
  return found;
}
const analyse = (source: string) => walk(compileMessage(source) as CompiledMessage, { names: new Set(), plurals: [], bad: [] });

describe('message catalogues (locales/)', () => {
  it('have the same keys in English and Irish', () => {
    for (const lang of LANGS) {
      const keys = Object.keys(CATALOGUES[lang]).sort();
      expect([lang, keys.filter((k) => !(k in en))]).toEqual([lang, []]);
      expect([lang, ids.filter((k) => !(k in CATALOGUES[lang]))]).toEqual([lang, []]);
    }
  });

  it('hold no empty text, and name keys `<namespace>.<name>`', () => {
    for (const lang of LANGS)
      for (const id of ids) {
        expect([lang, id, CATALOGUES[lang][id].trim() === '']).toEqual([lang, id, false]);
        expect([id, /^[a-z]+(\.[a-z]+)*\.[a-zA-Z]+$/.test(id)]).toEqual([id, true]);
      }
  });

  it('use only what the browser reads: text, {name}, plural and select; no #, formats, offsets or escapes', () => {
    const problems: string[] = [];
    for (const lang of LANGS)
      for (const id of ids) {
        const source = CATALOGUES[lang][id];
        if (source.includes('\\')) problems.push(`${lang} ${id}: a backslash`);
        problems.push(...analyse(source).bad.map((b) => `${lang} ${id}: ${b}`));
      }
    expect(problems).toEqual([]);
  });

  it("give Irish counts all five CLDR forms (one, two, few, many, other) and English counts 'other'", () => {
    for (const id of ids) {
      for (const cases of analyse(CATALOGUES.ga[id]).plurals) expect([id, [...cases].filter((c) => !/^\d+$/.test(c)).sort()]).toEqual([id, ['few', 'many', 'one', 'other', 'two']]);
      for (const cases of analyse(CATALOGUES.en[id]).plurals) expect([id, cases.has('other')]).toEqual([id, true]);
    }
  });

  it("reads every message in the browser exactly as Lingui renders it on the server, in both languages", () => {
    const counts = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 19, 20, 21, 100, 101, 102, 107, 1000, 1.5];
    const differ: string[] = [];
    for (const lang of LANGS) {
      const messages = pageMessages(lang, namespaces);
      expect(Object.keys(messages).sort()).toEqual([...ids].sort());
      const lingui = createI18n(lang, messages);
      const reader = messageReader(lang, messages);
      for (const id of ids) {
        const names = new Set([...analyse(CATALOGUES.en[id]).names, ...analyse(CATALOGUES.ga[id]).names]);
        for (const n of counts) {
          const values = Object.fromEntries([...names].map((name, i) => [name, i === 0 ? n : `v${i}`]));
          if (reader._(id, values) !== lingui._(id, values)) differ.push(`${lang} ${id} ${n}: ${reader._(id, values)} / ${lingui._(id, values)}`);
        }
      }
    }
    expect(differ).toEqual([]);
  });

  it('writes Irish counts with the noun lenited after 1 to 6, eclipsed after 7 to 10, and plain from 11', () => {
    const reader = messageReader('ga', pageMessages('ga', ['listing']));
    const now = (count: number) => `${count} ${reader._('listing.profilesNow', { count })}`;
    expect([1, 2, 3, 6, 7, 10, 11, 20, 0].map(now)).toEqual([
      '1 phróifíl anois',
      '2 phróifíl anois',
      '3 phróifíl anois',
      '6 phróifíl anois',
      '7 bpróifíl anois',
      '10 bpróifíl anois',
      '11 próifíl anois',
      '20 próifíl anois',
      '0 próifíl anois',
    ]);
  });

  it("sends a page only its own namespaces' texts, in its own language", () => {
    const layoutOnly = pageMessages('ga', ['layout', 'site.church']);
    expect(Object.keys(layoutOnly).every((id) => id.startsWith('layout.') || id.startsWith('site.church.'))).toBe(true);
    expect(layoutOnly['layout.signIn']).toEqual(['Sínigh isteach']);
    expect(pageMessages('en', ['layout'])['layout.signIn']).toEqual(['Sign in']);
  });
});
