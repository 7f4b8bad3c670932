import { useTnc } from '../api/get-tnc';
import { InfoPageView } from '../components/InfoPageView';

/** /terms-of-service */
export default function TermsPage() {
  return <InfoPageView query={useTnc()} />;
}
