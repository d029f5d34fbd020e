import { useData } from 'vike-react/useData';
import { ProfileView } from '../../components/ProfileView';
import type { Data } from './+data';

export default function Page() {
  return <ProfileView {...useData<Data>()} />;
}
