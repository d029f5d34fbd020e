import type { PageContext } from 'vike/types';
import { LANG_TAG } from '../lib/lang';

/** `<html lang>`: the page's language (also set in the browser on client-side navigation). */
export default (pageContext: PageContext) => LANG_TAG[pageContext.lang];
