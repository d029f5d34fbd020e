import type { PostStatus } from '@directory/domain';

/** 'Published' for what visitors see, 'Draft' for everything else (only 'publish' is shown to visitors). */
export function StatusBadge({ status }: { status: PostStatus }) {
  const published = status === 'publish';
  return <span className={`status-badge${published ? ' is-publish' : ''}`}>{published ? 'Published' : 'Draft'}</span>;
}
