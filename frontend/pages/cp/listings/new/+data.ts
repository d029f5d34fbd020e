import type { PageContext } from 'vike/types';
import { pickers } from '../../../../lib/cp-data.server';

export type Data = Awaited<ReturnType<typeof data>>;

export const data = (pageContext: PageContext) => pickers(pageContext);
