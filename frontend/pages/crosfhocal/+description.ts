import { closingDay, type CrosfhocalStatusDto, type Site } from '@directory/domain';
import type { PageContext } from 'vike/types';
import { COPY } from '../../lib/copy';
import type { Data } from './+data';

const describe = (site: Site, crossword: CrosfhocalStatusDto) =>
  crossword.open
    ? `Enter the ${COPY[site].siteName} Crosfhocal: solve the crossword and send your twelve answers for a chance to win €${crossword.prize_euro}. Entries close on ${closingDay(crossword.closes_at)}.`
    : `The ${COPY[site].siteName} Crosfhocal crossword competition, with a prize of €${crossword.prize_euro} for the first correct entry drawn, closed on ${closingDay(crossword.closes_at)}.`;

export default (pageContext: PageContext<Data>) => describe(pageContext.site.site, pageContext.data);
