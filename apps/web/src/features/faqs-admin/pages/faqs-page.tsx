import { useState } from 'react';
import { ArrowDown, ArrowUp, CircleHelp, Pencil, Plus, Trash2 } from 'lucide-react';
import type { FaqAdminItem } from '@postwise/shared/admin';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { IconButton } from '../../../components/ui/icon-button';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { tableQueryProps } from '../../../components/ui/table-query';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PageWithHeader } from '../../../components/ui/page-header';
import { showError, showSuccess } from '../../../lib/toast';
import { listStores } from '../../../stores/list-stores';
import { useDeleteFaq, useFaqAdminList, useMoveFaq } from '../api/faqs-admin';
import { FaqDialog } from '../components/faq-dialog';
import { useListPage } from '../../../lib/use-list-page';
import { SelectFilter } from '../../../components/ui/select-filter';

const store = listStores.faqs;

/** FAQs (SUPER_ADMIN): the questions the public site shows, in order; add, edit, delete, reorder. */
export function FaqsPage() {
  const { list, pageNo, pageSize, filters, setFilters, pagination } = useListPage(
    store,
    useFaqAdminList,
    (p) => [p.pageNo, p.pageSize, p.filters.published as string | undefined] as const,
  );
  const published = filters.published as string | undefined;
  const move = useMoveFaq();
  const remove = useDeleteFaq();
  const [editing, setEditing] = useState<FaqAdminItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<FaqAdminItem | null>(null);

  const total = list.data?.total ?? 0;
  const moveFaq = (id: string, direction: 'up' | 'down') => move.mutate({ id, direction }, { onError: showError });

  const columns: DataTableColumn<FaqAdminItem>[] = [
    {
      id: 'order',
      header: '#',
      // The position in the public order (sort values may have gaps).
      cell: (f) => (list.data?.items ?? []).indexOf(f) + 1 + (pageNo - 1) * pageSize,
      phone: 'meta',
      phoneCell: (f) => `#${(list.data?.items ?? []).indexOf(f) + 1 + (pageNo - 1) * pageSize}`,
      className: 'w-12',
    },
    {
      id: 'question',
      header: 'Question',
      phone: 'title',
      phoneCell: (f) => f.question,
      cell: (f) => (
        <div className="grid max-w-xl gap-1">
          <span className="font-semibold">{f.question}</span>
          <span className="line-clamp-2 text-muted-foreground">{f.answer}</span>
        </div>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      phone: 'badge',
      cell: (f) => (f.isPublished ? <Badge variant="success">Published</Badge> : <Badge>Draft</Badge>),
    },
    { id: 'answer', header: 'Answer', phoneOnly: true, phone: 'meta', cell: (f) => f.answer },
  ];

  const add = (
    <Button onClick={() => setEditing('new')} data-testid="add-faq">
      <Plus aria-hidden="true" />
      Add FAQ
    </Button>
  );

  return (
    <PageWithHeader
      title="FAQs"
      description="Questions and answers shown on the public site, in this order."
      actions={add}
    >
      <SelectFilter
        label="Status"
        className="sm:w-52"
        value={published}
        onChange={(v) => setFilters({ published: v })}
        allLabel="All"
        options={[
          { value: 'true', label: 'Published' },
          { value: 'false', label: 'Drafts' },
        ]}
      />
      <DataTable
        caption="FAQs"
        columns={columns}
        {...tableQueryProps(list)}
        getRowId={(f) => f.id}
        empty={{
          icon: CircleHelp,
          title: 'No FAQs yet',
          description: 'Add the questions customers ask most.',
          action: add,
        }}
        rowActions={(f) => {
          const index = (list.data?.items ?? []).indexOf(f) + (pageNo - 1) * pageSize;
          return (
            <>
              <IconButton
                icon={ArrowUp}
                label={`Move "${f.question}" up`}
                disabled={index === 0 || published !== undefined || move.isPending}
                onClick={() => moveFaq(f.id, 'up')}
              />
              <IconButton
                icon={ArrowDown}
                label={`Move "${f.question}" down`}
                disabled={index >= total - 1 || published !== undefined || move.isPending}
                onClick={() => moveFaq(f.id, 'down')}
              />
              <Button variant="ghost" size="sm" onClick={() => setEditing(f)} aria-label={`Edit "${f.question}"`}>
                <Pencil aria-hidden="true" />
                Edit
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setDeleting(f)} aria-label={`Delete "${f.question}"`}>
                <Trash2 aria-hidden="true" />
                Delete
              </Button>
            </>
          );
        }}
        pagination={pagination}
      />
      {editing ? (
        <FaqDialog
          key={editing === 'new' ? 'new' : editing.id}
          faq={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          open
          onCancel={() => setDeleting(null)}
          title="Delete this FAQ?"
          description={<>“{deleting.question}” disappears from the public site.</>}
          pending={remove.isPending}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                showSuccess('FAQ deleted');
                setDeleting(null);
              },
              onError: showError,
            })
          }
        />
      ) : null}
    </PageWithHeader>
  );
}
