import { usePrivacyPolicy } from '../api/get-privacy-policy';
import { InfoPageView } from '../components/InfoPageView';

/** /privacy-policy */
export default function PrivacyPage() {
  return <InfoPageView query={usePrivacyPolicy()} />;
}
