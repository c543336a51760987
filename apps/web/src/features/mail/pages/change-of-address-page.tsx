import { useState } from 'react';
import { FileDown } from 'lucide-react';
import type { LetterDirection, MailSender } from '@postwise/shared/compliance';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { PageWithHeader } from '../../../components/ui/page-header';
import { shortDate } from '../../../lib/format';
import { errorText, showError } from '../../../lib/toast';
import { usePager } from '../../../lib/use-pager';
import { downloadSenderLetter, useMailSenders } from '../api/mail-senders';

/**
 * /change-of-address: who writes to the customer (from the senders logged at intake) and, per sender, a letter
 * with the old and new address: "Move mail here" when joining, "Move mail away" when closing the box.
 */
export function ChangeOfAddressPage() {
  const pager = usePager();
  const senders = useMailSenders(pager.pageNo, pager.pageSize);
  const [busy, setBusy] = useState<string | null>(null);

  const letter = async (sender: string, direction: LetterDirection) => {
    setBusy(`${sender}:${direction}`);
    try {
      await downloadSenderLetter(sender, direction);
    } catch (error) {
      showError(errorText(error));
    } finally {
      setBusy(null);
    }
  };

  const columns: DataTableColumn<MailSender>[] = [
    { id: 'sender', header: 'Sender', phone: 'title', cell: (s) => <span className="font-medium">{s.sender}</span> },
    { id: 'count', header: 'Items', phone: 'meta', cell: (s) => <span className="tabular-nums">{s.count}</span> },
    { id: 'last', header: 'Last seen', phone: 'meta', cell: (s) => shortDate(s.lastSeen) },
  ];

  return (
    <PageWithHeader
      title="Change of address"
      description="Everyone who sent mail to your box, and a ready letter to give each of them your new address."
    >
      <Card>
        <CardHeader>
          <CardTitle>Who writes to you</CardTitle>
          <CardDescription>
            “Move mail here” asks a sender to write to your mailbox instead of your home address; “Move mail away” asks
            them to write to your home address again when you close the box.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <DataTable
            caption="Senders of your mail"
            columns={columns}
            rows={senders.data?.items ?? []}
            getRowId={(s) => s.sender}
            loading={senders.isPending}
            error={senders.isError ? errorText(senders.error) : null}
            onRetry={() => void senders.refetch()}
            pagination={pager.pagination({ total: senders.data?.total ?? 0 })}
            empty={{ title: 'No mail yet', description: 'Senders appear here as your mail is received.' }}
            rowActions={(s) => (
              <div className="flex flex-wrap gap-2">
                <Button
                  size="sm"
                  variant="outline"
                  disabled={busy !== null}
                  onClick={() => void letter(s.sender, 'in')}
                  aria-label={`Letter to ${s.sender}: move mail here`}
                >
                  <FileDown aria-hidden="true" />
                  Move mail here
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={busy !== null}
                  onClick={() => void letter(s.sender, 'out')}
                  aria-label={`Letter to ${s.sender}: move mail away`}
                >
                  <FileDown aria-hidden="true" />
                  Move mail away
                </Button>
              </div>
            )}
          />
        </CardContent>
      </Card>
    </PageWithHeader>
  );
}
