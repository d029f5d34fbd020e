import { useData } from 'vike-react/useData';
import type { Data } from './+data';

/** A review link's page is its reader's alone: never indexed. */
export default function Head() {
  return useData<Data>() ? <meta name="robots" content="noindex" /> : null;
}
