import { ListFilter, MailOpen, ScanLine } from 'lucide-react';
import { LinkButton } from '../../../components/ui/link-button';
import { ReinstatementBanner } from '../../../components/billing/reinstatement-banner';
import { Badge } from '../../../components/ui/badge';
import { PageWithHeader } from '../../../components/ui/page-header';
import { useScansLeft } from '../api/mail-items';
import { MailFolderList } from '../components/mail-folder-list';

function ScansLeft() {
  const scans = useScansLeft();
  if (!scans.data) return null;
  return (
    <Badge variant={scans.data.total > 0 ? 'primary' : 'warning'} className="text-sm" data-testid="scans-left">
      <ScanLine aria-hidden="true" className="size-4" />
      {scans.data.total} {scans.data.total === 1 ? 'scan' : 'scans'} left
    </Badge>
  );
}

/** /inbox: mail not finished yet, with the pending-invoice (reinstatement) alert. */
export function InboxPage() {
  return (
    <PageWithHeader
      title="Inbox"
      description="Decide what happens to each letter and package: scan, forward, pick up, shred or recycle."
      actions={
        <div className="flex flex-wrap items-center gap-2">
          <ScansLeft />
          <LinkButton to="/mail-rules" icon={ListFilter} variant="outline" size="sm" data-testid="mail-rules-link">
            Rules
          </LinkButton>
          <LinkButton
            to="/change-of-address"
            icon={MailOpen}
            variant="outline"
            size="sm"
            data-testid="change-of-address-link"
          >
            Change of address
          </LinkButton>
        </div>
      }
    >
      <ReinstatementBanner />
      <MailFolderList folder="inbox" />
    </PageWithHeader>
  );
}

/** /archive: mail the customer keeps out of the inbox. */
export function ArchivePage() {
  return (
    <PageWithHeader title="Archive" description="Mail you have kept for later. Restore an item to act on it again.">
      <ReinstatementBanner />
      <MailFolderList folder="archive" />
    </PageWithHeader>
  );
}

/** /trash: finished mail, deleted 30 days after it was trashed; restore before then. */
export function TrashPage() {
  return (
    <PageWithHeader
      title="Trash"
      description="Forwarded, picked-up, shredded and recycled mail. Items are deleted 30 days after they were moved here."
    >
      <MailFolderList folder="trash" />
    </PageWithHeader>
  );
}
