import { Plus } from 'lucide-react';
import { LinkButton } from '../ui/link-button';

/** The orange "Create shipment" button that opens the shipment wizard (/create). */
export function CreateShipmentButton() {
  return (
    <LinkButton to="/create" icon={Plus} variant="orange">
      Create shipment
    </LinkButton>
  );
}
