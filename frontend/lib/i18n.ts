import { en as enPlural, ga as gaPlural } from 'make-plural/cardinals';
import { usePageContext } from 'vike-react/usePageContext';
import type { MessageId } from '../locales/en';
import { type Lang, langPath } from './lang';

/*
 * How components get their texts: `const { t, href } = useI18n()`, then `t('listing.price')` and
 * `href('/counties')`. The catalogues (locales/) are Lingui's ICU MessageFormat; the server renders each page with a
 * Lingui `I18n` of its own (lib/i18n.server.ts), and sends the page's texts, compiled, with the page.
 *
 * In the browser those compiled texts are read by messageReader below instead of Lingui's runtime: Lingui's I18n is
 * 2.3 KB gzipped, and a listing page had 0.1 KB of its 100 KB budget left; the reader and the two CLDR plural
 * functions it needs (make-plural) are about 0.4 KB. It also keeps Intl out of hydration (Lingui asks
 * Intl.PluralRules, the first call of which loads locale data), and Chromium's own locale data has no Irish. The
 * reader reads what Lingui's compiler writes and nothing more: text, `{name}`, `plural` and `select`; the catalogue
 * test holds every message to that and compares the reader with Lingui on each message in both languages.
 */

/** A message as Lingui's compiler writes it (@lingui/message-utils compileMessage). */
export type CompiledMessage = (string | CompiledToken)[];
type CompiledToken = [name: string] | [name: string, type: 'plural' | 'select', cases: Record<string, CompiledMessage>];

/** A page's texts: the messages of its namespaces, compiled. */
export type Messages = Partial<Record<MessageId, CompiledMessage>>;
export type MessageValues = Record<string, string | number>;

/** What renders a page's texts: Lingui's I18n on the server, messageReader in the browser. */
export interface Translator {
  _(id: MessageId, values?: MessageValues): string;
}

/** CLDR's cardinal plural rules, as functions: English has one and other; Irish one, two, few, many and other. */
const PLURAL: Record<Lang, (n: number) => string> = { en: enPlural, ga: gaPlural };

/**
 * The browser's translator over a page's compiled texts. A text the page was not sent comes out as its key, as
 * Lingui's does; a missing value as nothing.
 */
export function messageReader(lang: Lang, messages: Messages): Translator {
  const format = (tokens: CompiledMessage, values: MessageValues): string =>
    tokens
      .map((token) => {
        if (typeof token === 'string') return token;
        const [name, type, cases] = token;
        const value = values[name];
        if (!cases) return value ?? '';
        // An exact case (=2) first, then the language's plural category (or the select value), then other.
        const picked = cases[value] ?? (type === 'plural' ? cases[PLURAL[lang](Number(value))] : undefined) ?? cases.other;
        return picked ? format(picked, values) : '';
      })
      .join('');
  return { _: (id, values = {}) => (messages[id] ? format(messages[id], values) : id) };
}

/** What `useI18n().t` is: a text of the page's, with its values. */
export type Translate = (id: MessageId, values?: MessageValues) => string;

/** The page's texts, language and links: `href('/counties')` is '/ga/counties' on an Irish page. */
export function useI18n() {
  const { i18n, lang } = usePageContext();
  return { t: (id: MessageId, values?: MessageValues) => i18n._(id, values), i18n, lang, href: (path: string) => langPath(lang, path) };
}
