import { PageWithHeader } from '../../../components/ui/page-header';
import { ShippingRequestsList } from '../components/shipping-requests-list';

/** /shipping-requests (super admin): every customer's custom quote requests, newest first, to quote. */
export function ShippingRequestsPage() {
  return (
    <PageWithHeader
      title="Shipping Requests"
      description="Freight, pallets, oversize or restricted destinations that no automatic rate fits. Quote them; the customer accepts and pays."
    >
      <ShippingRequestsList mode="admin" />
    </PageWithHeader>
  );
}
