import { type I18n, setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import en, { type Catalogue, type MessageId } from '../locales/en';
import ga from '../locales/ga';
import type { Messages } from './i18n';
import { type Lang, LANG_TAG } from './lang';

/** Every language's catalogue: read by the server only (a page receives its own texts, compiled). */
export const CATALOGUES: Record<Lang, Catalogue> = { en, ga };

/** Each language's messages compiled once per process, on first use. */
const compiled = new Map<Lang, Messages>();

function compiledCatalogue(lang: Lang): Messages {
  let messages = compiled.get(lang);
  if (!messages) {
    const source = CATALOGUES[lang];
    // Through JSON: the compiler writes `offset: undefined` into every plural, which Vike would send to the browser.
    messages = Object.fromEntries((Object.keys(source) as MessageId[]).map((id) => [id, JSON.parse(JSON.stringify(compileMessage(source[id])))])) as Messages;
    compiled.set(lang, messages);
  }
  return messages;
}

/** The namespaces' messages of lang, as a page sends them: kept per language and set of namespaces. */
const pageSets = new Map<string, Messages>();

export function pageMessages(lang: Lang, namespaces: readonly string[]): Messages {
  const key = `${lang}:${[...namespaces].sort().join(',')}`;
  let messages = pageSets.get(key);
  if (!messages) {
    const all = compiledCatalogue(lang);
    const prefixes = namespaces.map((n) => `${n}.`);
    messages = Object.fromEntries(Object.entries(all).filter(([id]) => prefixes.some((p) => id.startsWith(p)))) as Messages;
    pageSets.set(key, messages);
  }
  return messages;
}

/**
 * A Lingui I18n for one render: never shared between requests, so concurrent renders in different languages cannot
 * see each other's locale (pages/+onCreatePageContext.server.ts makes one per page context).
 */
export function createI18n(lang: Lang, messages: Messages): I18n {
  const locale = LANG_TAG[lang];
  return setupI18n({ locale, messages: { [locale]: messages as Record<string, never> } });
}
