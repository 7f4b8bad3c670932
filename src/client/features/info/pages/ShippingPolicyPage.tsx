import { useShippingPolicy } from '../api/get-shipping-policy';
import { InfoPageView } from '../components/InfoPageView';

/** /shipping-policy */
export default function ShippingPolicyPage() {
  return <InfoPageView query={useShippingPolicy()} />;
}
