import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  AlertTriangle,
  Archive,
  ArchiveRestore,
  Inbox,
  Recycle,
  ScanLine,
  Scissors,
  Trash2,
  Truck,
} from 'lucide-react';
import {
  isFinalStatus,
  requestAllowed,
  MAIL_ITEM_KINDS,
  MAIL_REQUEST_TYPE_LABELS,
  MAIL_ITEM_STATUSES,
  type MailFolder,
  type MailItemStatus,
} from '@postwise/shared/mail';
import type { MailItem } from '@postwise/shared/mail-api';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { QueryErrorState } from '../../../components/ui/query-error-state';
import { SearchField } from '../../../components/ui/search-field';
import { Pagination } from '../../../components/ui/pagination';
import { Skeleton } from '../../../components/ui/skeleton';
import { shortDate } from '../../../lib/format';
import { showError, showSuccess } from '../../../lib/toast';
import { cn } from '../../../lib/utils';
import { createListStore } from '../../../stores/create-list-store';
import { listStores } from '../../../stores/list-stores';
import {
  useBulkRequests,
  useMoveItems,
  useMailItems,
  type BulkRequestType,
  type FolderAction,
  type MailItemFilters,
} from '../api/mail-items';
import { bulkRequestSummary } from '../lib/bulk-summary';
import { EnvelopePhoto } from './envelope-photo';
import { SearchMatch } from './search-match';
import { useForwardDraft } from './forward-draft';
import { ItemDetailDialog } from './item-detail-dialog';
import { ITEM_STATUS_LABELS, kindLabel, MailStatusBadge, StorageFee } from './mail-status';
import { useListPage } from '../../../lib/use-list-page';
import { filterOptions, SelectFilter } from '../../../components/ui/select-filter';

type FolderStore = ReturnType<typeof createListStore<MailItem>>;
const STORES = {
  inbox: listStores.inbox,
  archive: listStores.archive,
  trash: listStores.trash,
} as unknown as Record<MailFolder, FolderStore>;

const EMPTY: Record<MailFolder, { title: string; description: string; icon: typeof Inbox }> = {
  inbox: {
    title: 'No mail here',
    description: 'New letters and packages appear here the moment the store logs them.',
    icon: Inbox,
  },
  archive: {
    title: 'The archive is empty',
    description: 'Archive mail you want to keep out of the inbox.',
    icon: Archive,
  },
  trash: {
    title: 'The trash is empty',
    description: 'Forwarded, picked-up, shredded or recycled mail can go here; it is deleted after 30 days.',
    icon: Trash2,
  },
};

const BULK_REQUESTS: { type: BulkRequestType; icon: typeof ScanLine; confirm: string }[] = [
  { type: 'scan', icon: ScanLine, confirm: 'Each item uses one scan of your plan.' },
  { type: 'shred', icon: Scissors, confirm: 'Shredded mail cannot be recovered.' },
  { type: 'junk', icon: Recycle, confirm: 'The store recycles them without opening.' },
];

const BULK_TOASTS: Record<FolderAction, string> = {
  archive: 'moved to the archive',
  trash: 'moved to the trash',
  restore: 'restored to the inbox',
};

/**
 * One folder of the customer's mail (inbox, archive or trash): filters, search by sender or by a word inside the
 * scan or on the envelope, a selectable list of items with their photo, status and fees (and where a search matched
 * the read text), bulk moves, and the item opened in a dialog (?item=<id>).
 */
export function MailFolderList({ folder }: { folder: MailFolder }) {
  const store = STORES[folder];
  const [params, setParams] = useSearchParams();
  const page = useListPage(
    store,
    useMailItems,
    (p) => [folder, p.pageNo, p.pageSize, p.filters as MailItemFilters] as const,
    { search: true },
  );
  const { list, pageNo, pageSize, setPage, setPageSize, setFilters, searchText, setSearchText } = page;
  const filters = page.filters as MailItemFilters;
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const move = useMoveItems();
  const requests = useBulkRequests();
  const [confirmType, setConfirmType] = useState<BulkRequestType | null>(null);
  const openId = params.get('item');
  const navigate = useNavigate();
  const startForward = useForwardDraft((s) => s.start);

  // A link such as the dashboard's "New items" (/inbox?status=received) sets the filter once.
  const linkedStatus = params.get('status');
  useEffect(() => {
    if (!linkedStatus) return;
    if ((MAIL_ITEM_STATUSES as readonly string[]).includes(linkedStatus)) {
      setFilters({ status: linkedStatus as MailItemStatus });
    }
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.delete('status');
        return next;
      },
      { replace: true },
    );
  }, [linkedStatus, setFilters, setParams]);
  // A selection belongs to the page it was made on.
  useEffect(() => setSelected(new Set()), [pageNo, pageSize, filters, folder]);

  const items = list.data?.items ?? [];
  const chosen = items.filter((i) => selected.has(i.id));
  const openItem = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set('item', id);
    else next.delete('item');
    setParams(next, { replace: !id });
  };
  const toggle = (id: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const bulk = async (action: FolderAction, ids: string[]) => {
    try {
      const result = await move.mutateAsync({ ids, action });
      if (result.moved) showSuccess(`${result.moved} ${result.moved === 1 ? 'item' : 'items'} ${BULK_TOASTS[action]}`);
      if (result.errors.length) showError(result.errors[0]);
      setSelected(new Set());
    } catch (error) {
      showError(error);
    }
  };
  const eligibleFor = (type: BulkRequestType) =>
    chosen.filter((i) => !i.openRequest && requestAllowed(i.kind, i.status, type));
  const bulkRequest = async (type: BulkRequestType) => {
    const eligible = eligibleFor(type);
    try {
      const result = await requests.mutateAsync({ ids: eligible.map((i) => i.id), type });
      const summary = bulkRequestSummary({
        type,
        done: result.done,
        notEligible: chosen.length - eligible.length,
        errors: result.errors,
      });
      if (summary.tone === 'success') showSuccess(summary.text);
      else showError(summary.text);
      setSelected(new Set());
    } catch (error) {
      showError(error);
    } finally {
      setConfirmType(null);
    }
  };
  const trashable = chosen.filter((i) => isFinalStatus(i.status));
  const forwardable = chosen.filter((i) => !i.openRequest && requestAllowed(i.kind, i.status, 'forward'));
  const forwardTogether = () => {
    const [first, ...rest] = forwardable;
    if (!first) return;
    startForward(
      first.id,
      rest.map((i) => i.id),
    );
    navigate(`/inbox/${first.id}/forward/insurance`);
  };
  const allChecked = items.length > 0 && chosen.length === items.length;

  return (
    <div className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <SearchField
          placeholder="Sender, or a word in the mail"
          className="sm:w-64"
          value={searchText}
          onChange={setSearchText}
          testId="mail-search"
        />
        <SelectFilter
          label="Kind"
          className="sm:w-44"
          value={filters.kind}
          onChange={(kind) => setFilters({ kind })}
          allLabel="All kinds"
          options={MAIL_ITEM_KINDS.map((k) => ({ value: k, label: kindLabel(k) }))}
          testId="mail-kind-filter"
        />
        <SelectFilter
          label="Status"
          className="sm:w-52"
          value={filters.status}
          onChange={(status) => setFilters({ status })}
          allLabel="All statuses"
          options={filterOptions(MAIL_ITEM_STATUSES, ITEM_STATUS_LABELS)}
          testId="mail-status-filter"
        />
      </div>

      <div className="overflow-hidden rounded-card border border-border bg-background shadow-xs">
        <div className="flex min-h-12 flex-wrap items-center gap-3 border-b bg-muted/60 px-4 py-2">
          <Checkbox
            aria-label="Select every item on this page"
            checked={allChecked ? true : chosen.length ? 'indeterminate' : false}
            disabled={items.length === 0}
            onCheckedChange={(v) => setSelected(v === true ? new Set(items.map((i) => i.id)) : new Set())}
            data-testid="select-all"
          />
          <span className="text-sm text-muted-foreground" aria-live="polite">
            {chosen.length ? `${chosen.length} selected` : 'Select items for bulk actions'}
          </span>
          {chosen.length ? (
            <div className="ml-auto flex flex-wrap gap-2">
              {folder === 'inbox' && chosen.length > 1 ? (
                <Button
                  size="sm"
                  variant="orange"
                  disabled={forwardable.length !== chosen.length}
                  title={
                    forwardable.length !== chosen.length ? 'Some selected items cannot be forwarded now' : undefined
                  }
                  onClick={forwardTogether}
                  data-testid="bulk-forward"
                >
                  <Truck aria-hidden="true" />
                  Forward together
                </Button>
              ) : null}
              {folder === 'inbox'
                ? BULK_REQUESTS.map(({ type, icon: Icon }) => {
                    const eligible = eligibleFor(type).length;
                    return (
                      <Button
                        key={type}
                        size="sm"
                        variant="outline"
                        disabled={eligible === 0}
                        title={
                          eligible === 0
                            ? `None of the selected items can be sent to ${MAIL_REQUEST_TYPE_LABELS[type].toLowerCase()}`
                            : undefined
                        }
                        onClick={() => setConfirmType(type)}
                        data-testid={`bulk-${type}`}
                      >
                        <Icon aria-hidden="true" />
                        {MAIL_REQUEST_TYPE_LABELS[type]}
                        {eligible && eligible < chosen.length ? ` (${eligible})` : ''}
                      </Button>
                    );
                  })
                : null}
              {folder === 'inbox' ? (
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() =>
                    void bulk(
                      'archive',
                      chosen.map((i) => i.id),
                    )
                  }
                >
                  <Archive aria-hidden="true" />
                  Archive
                </Button>
              ) : (
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() =>
                    void bulk(
                      'restore',
                      chosen.map((i) => i.id),
                    )
                  }
                >
                  <ArchiveRestore aria-hidden="true" />
                  Restore
                </Button>
              )}
              {folder !== 'trash' ? (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={trashable.length === 0}
                  title={
                    trashable.length === 0
                      ? 'Only forwarded, picked-up, shredded or recycled mail can go to the trash'
                      : undefined
                  }
                  onClick={() =>
                    void bulk(
                      'trash',
                      trashable.map((i) => i.id),
                    )
                  }
                >
                  <Trash2 aria-hidden="true" />
                  Trash{trashable.length && trashable.length < chosen.length ? ` (${trashable.length})` : ''}
                </Button>
              ) : null}
            </div>
          ) : null}
        </div>
        {list.isError ? (
          <QueryErrorState query={list} title="Could not load your mail" icon={AlertTriangle} />
        ) : list.isPending ? (
          <ul aria-busy="true" aria-label="Loading mail" className="divide-y">
            {Array.from({ length: 4 }, (_, i) => (
              <li key={i} className="flex gap-4 p-4">
                <Skeleton className="h-16 w-24" />
                <div className="grid flex-1 gap-2">
                  <Skeleton className="h-4 w-1/3" />
                  <Skeleton className="h-4 w-1/2" />
                </div>
              </li>
            ))}
          </ul>
        ) : items.length === 0 ? (
          <EmptyState
            icon={EMPTY[folder].icon}
            title={
              filters.kind || filters.status || filters.search ? 'Nothing matches these filters' : EMPTY[folder].title
            }
            description={
              filters.kind || filters.status || filters.search
                ? 'Clear a filter to see more mail.'
                : EMPTY[folder].description
            }
          />
        ) : (
          <ul className="divide-y" aria-label={`${folder} items`} data-testid="mail-list">
            {items.map((item) => (
              <MailRow
                key={item.id}
                item={item}
                checked={selected.has(item.id)}
                onCheck={(on) => toggle(item.id, on)}
                onOpen={() => openItem(item.id)}
              />
            ))}
          </ul>
        )}
      </div>
      {!list.isError ? (
        <Pagination
          pageNo={pageNo}
          pageSize={pageSize}
          total={list.data?.total ?? 0}
          onPageChange={setPage}
          onPageSizeChange={setPageSize}
        />
      ) : null}
      <ItemDetailDialog itemId={openId} onClose={() => openItem(null)} />
      <Dialog open={confirmType !== null} onOpenChange={(o) => !o && !requests.isPending && setConfirmType(null)}>
        <DialogContent data-testid="bulk-confirm">
          {confirmType ? (
            <>
              <DialogHeader>
                <DialogTitle>
                  {MAIL_REQUEST_TYPE_LABELS[confirmType]}: {eligibleFor(confirmType).length} of {chosen.length} selected
                </DialogTitle>
                <DialogDescription>
                  {BULK_REQUESTS.find((b) => b.type === confirmType)?.confirm}{' '}
                  {eligibleFor(confirmType).length < chosen.length
                    ? 'Items that already have a request or have left the store are skipped.'
                    : ''}
                </DialogDescription>
              </DialogHeader>
              <DialogFooter>
                <Button variant="outline" disabled={requests.isPending} onClick={() => setConfirmType(null)}>
                  Cancel
                </Button>
                <Button
                  variant={confirmType === 'shred' ? 'destructive' : 'default'}
                  loading={requests.isPending}
                  onClick={() => void bulkRequest(confirmType)}
                  data-testid="bulk-confirm-submit"
                >
                  {MAIL_REQUEST_TYPE_LABELS[confirmType]}
                </Button>
              </DialogFooter>
            </>
          ) : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}

function MailRow({
  item,
  checked,
  onCheck,
  onOpen,
}: {
  item: MailItem;
  checked: boolean;
  onCheck: (on: boolean) => void;
  onOpen: () => void;
}) {
  return (
    <li
      className={cn(
        'relative flex items-start gap-3 p-3 hover:bg-surface sm:items-center sm:gap-4 sm:p-4',
        checked && 'bg-primary-soft/40',
      )}
      data-testid="mail-row"
      data-item-id={item.id}
    >
      <Checkbox
        className="mt-1 sm:mt-0"
        aria-label={`Select the ${kindLabel(item.kind).toLowerCase()} from ${item.sender}`}
        checked={checked}
        onCheckedChange={(v) => onCheck(v === true)}
      />
      <button
        type="button"
        onClick={onOpen}
        className="shrink-0 rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        aria-label={`Open the ${kindLabel(item.kind).toLowerCase()} from ${item.sender}`}
        tabIndex={-1}
      >
        <EnvelopePhoto item={item} sizes="(min-width: 640px) 8rem, 4rem" className="h-12 w-16 sm:h-20 sm:w-32" />
      </button>
      <div className="grid min-w-0 flex-1 gap-1 sm:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)_minmax(0,1fr)] sm:items-center sm:gap-4">
        <div className="grid min-w-0 gap-0.5">
          <button
            type="button"
            onClick={onOpen}
            className="line-clamp-2 text-left font-semibold break-words hover:text-primary hover:underline focus-visible:outline-2 focus-visible:outline-ring sm:truncate"
            data-testid="mail-row-open"
          >
            {item.sender}
          </button>
          <span className="text-xs text-muted-foreground">
            {kindLabel(item.kind)} · {shortDate(item.receivedAt)}
          </span>
          {item.searchMatch ? <SearchMatch match={item.searchMatch} /> : null}
          {item.rule ? (
            <span className="text-xs text-primary" data-testid="mail-row-rule">
              Rule: {item.rule.name}
            </span>
          ) : null}
          {item.folder === 'trash' && item.purgeAt ? (
            <span className="text-xs text-destructive" data-testid="purge-date">
              Deleted for good on {shortDate(item.purgeAt)}
            </span>
          ) : null}
        </div>
        <div className="min-w-0">
          {/* A long status ("Forward requested") wraps in the narrow phone column instead of being cut off. */}
          <MailStatusBadge status={item.status} className="whitespace-normal" />
        </div>
        <StorageFee item={item} compact />
      </div>
    </li>
  );
}
