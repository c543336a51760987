import { Copy, Link2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { showError, showSuccess } from '../../../lib/toast';

function inviteUrl(parentUser: string, role: 'USER' | 'SUB_ADMIN'): string {
  const query = new URLSearchParams({ parentUser, role });
  return `${window.location.origin}/register?${query.toString()}`;
}

/** The super sub-admin's invitation links (spec 2.6: /register with parentUser and role in the query). */
export function InvitationLinks({ userId }: { userId: string }) {
  const links = [
    { label: 'Customers', url: inviteUrl(userId, 'USER') },
    { label: 'Sub-admins', url: inviteUrl(userId, 'SUB_ADMIN') },
  ];
  const copy = (url: string) =>
    navigator.clipboard
      .writeText(url)
      .then(() => showSuccess('Link copied'))
      .catch(() => showError('Could not copy: select the link and copy it'));
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Link2 aria-hidden="true" className="size-4 text-primary" />
          Your invitation links
        </CardTitle>
        <CardDescription>Whoever signs up through these links becomes your referred client.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {links.map((link) => (
          <div key={link.label} className="grid gap-1.5 sm:grid-cols-[8rem_1fr_auto] sm:items-center">
            <span className="text-sm font-medium">{link.label}</span>
            <code className="truncate rounded-md bg-muted px-2 py-1.5 text-xs" title={link.url}>
              {link.url}
            </code>
            <Button
              variant="outline"
              size="sm"
              onClick={() => copy(link.url)}
              aria-label={`Copy the ${link.label} link`}
            >
              <Copy aria-hidden="true" />
              Copy
            </Button>
          </div>
        ))}
      </CardContent>
    </Card>
  );
}
