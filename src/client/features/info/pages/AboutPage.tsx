import { usePage } from '../api/get-page';
import { InfoPageView } from '../components/InfoPageView';

/** /about: the shop's About page (`/v2/get-page`, slug `about`). */
export default function AboutPage() {
  return <InfoPageView query={usePage('about')} />;
}
