import { useData } from 'vike-react/useData';
import { ProfileView } from '../../components/ProfileView';
import type { Data } from './+data';

/** A draft as it will look once published, with a banner saying it is not public yet. */
export default function Page() {
  const data = useData<Data>();
  const banner = (
    <p className="draft-banner" role="status">
      {data.post.status === 'publish' ? 'This profile is published.' : 'Draft preview: only you can see this page until it is published.'}
    </p>
  );
  return <ProfileView {...data} banner={banner} />;
}
