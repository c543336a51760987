import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import { Button } from '../ui/button';

/** The orange "Create shipment" button that opens the shipment wizard (/create). */
export function CreateShipmentButton() {
  return (
    <Button asChild variant="orange">
      <Link to="/create">
        <Plus aria-hidden="true" />
        Create shipment
      </Link>
    </Button>
  );
}
