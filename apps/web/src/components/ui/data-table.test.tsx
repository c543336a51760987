import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { DataTable, isEmptyValue, phoneRoles, type DataTableColumn, type DataTableProps } from './data-table';

afterEach(cleanup);

interface Invoice {
  id: string;
  number: string;
  customer: string;
  date: string;
  due: string | null;
  amount: string;
  status: string;
}

const ROWS: Invoice[] = [
  { id: '1', number: 'INV-1', customer: 'Ava', date: '1 Nov', due: '15 Nov', amount: '$10.00', status: 'Open' },
  { id: '2', number: 'INV-2', customer: 'Ben', date: '2 Nov', due: null, amount: '$20.00', status: 'Paid' },
];

const COLUMNS: DataTableColumn<Invoice>[] = [
  { id: 'number', header: 'Invoice', phone: 'title', cell: (i) => i.number },
  { id: 'customer', header: 'Billed to', cell: (i) => i.customer },
  { id: 'date', header: 'Date', phone: 'meta', cell: (i) => i.date },
  { id: 'due', header: 'Due', phone: 'meta', phoneLabel: 'Due', cell: (i) => i.due ?? '—' },
  { id: 'amount', header: 'Amount', phone: 'amount', cell: (i) => i.amount },
  { id: 'status', header: 'Status', phone: 'badge', cell: (i) => <span data-testid="badge">{i.status}</span> },
];

function renderTable(props: Partial<DataTableProps<Invoice>> = {}) {
  render(
    <MemoryRouter>
      <DataTable caption="Invoices" columns={COLUMNS} rows={ROWS} getRowId={(i) => i.id} {...props} />
    </MemoryRouter>,
  );
  return screen.getAllByTestId('data-table-card');
}

describe('DataTable phone cards', () => {
  it('shows title, meta, amount and badge, and leaves the other columns to the table', () => {
    const [first] = renderTable();
    const text = first?.textContent ?? '';
    expect(text).toContain('INV-1');
    expect(text).toContain('1 Nov · Due 15 Nov');
    expect(text).toContain('$10.00');
    expect(within(first as HTMLElement).getByTestId('badge').textContent).toBe('Open');
    // "Billed to" is not given a phone place while others are: it stays off the card.
    expect(text).not.toContain('Ava');
    expect(text).not.toContain('Billed to');
  });

  it('drops a field whose value is empty instead of printing "Due —"', () => {
    const [, second] = renderTable();
    expect(second?.textContent).toContain('2 Nov');
    expect(second?.textContent).not.toContain('Due');
    expect(second?.textContent).not.toContain('—');
  });

  it('makes the whole card a link when a row link is given, and keeps the other actions reachable', () => {
    const cards = renderTable({
      rowLink: (i) => ({ to: `/invoices/${i.id}`, label: `View ${i.number}` }),
      rowActions: (i) => <button type="button">Download {i.number}</button>,
      phoneActions: (i) => (i.status === 'Open' ? <button type="button">Pay {i.number}</button> : null),
    });
    const link = within(cards[0] as HTMLElement).getByRole('link', { name: 'View INV-1' });
    expect(link.getAttribute('href')).toBe('/invoices/1');
    expect(within(cards[0] as HTMLElement).getByRole('button', { name: 'Pay INV-1' })).toBeTruthy();
    // The card link stands for View; the table's other row buttons stay on the table.
    expect(within(cards[1] as HTMLElement).queryByRole('button')).toBeNull();
  });

  it('shows the row actions on the card when there is no row link', () => {
    const cards = renderTable({ rowActions: (i) => <button type="button">Edit {i.number}</button> });
    expect(within(cards[1] as HTMLElement).getByRole('button', { name: 'Edit INV-2' })).toBeTruthy();
  });

  it('keeps phone-only columns out of the table', () => {
    render(
      <MemoryRouter>
        <DataTable
          caption="Invoices"
          columns={[...COLUMNS, { id: 'email', header: 'E-mail', phoneOnly: true, phone: 'meta', cell: () => 'x@y.z' }]}
          rows={ROWS}
          getRowId={(i) => i.id}
        />
      </MemoryRouter>,
    );
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Invoice', 'Billed to', 'Date', 'Due', 'Amount', 'Status']);
    expect(screen.getAllByTestId('data-table-card')[0]?.textContent).toContain('x@y.z');
  });
});

describe('phoneRoles', () => {
  it('gives untuned tables a title and a two-field meta line', () => {
    const cols = ['a', 'b', 'c', 'd'].map((id) => ({ id, header: id, cell: () => id }));
    expect(phoneRoles(cols)).toEqual(['title', 'meta', 'meta', 'hidden']);
    // Once a column says its place, the ones that do not are left to the detail page.
    expect(phoneRoles([cols[0]!, { ...cols[1]!, phone: 'title' as const }, cols[2]!, cols[3]!])).toEqual([
      'hidden',
      'title',
      'hidden',
      'hidden',
    ]);
  });
});

describe('isEmptyValue', () => {
  it('treats nothing and dash placeholders as empty, and zero as a value', () => {
    for (const v of [null, undefined, false, '', '  ', '—', '--', '-', []]) expect(isEmptyValue(v)).toBe(true);
    for (const v of [0, 'Due', '$0.00', <b key="b">x</b>]) expect(isEmptyValue(v)).toBe(false);
  });
});
