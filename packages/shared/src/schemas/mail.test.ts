import { describe, expect, it } from 'vitest';
import { createMailRequestSchema, mailItemListQuerySchema, receiveMailSchema } from './mail';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe('receiveMailSchema', () => {
  it('accepts a letter with a sender only', () => {
    expect(receiveMailSchema.parse({ kind: 'letter', sender: ' IRS ' })).toMatchObject({
      kind: 'letter',
      sender: 'IRS',
    });
  });

  it('needs a sender, a known kind and a weight for packages', () => {
    expect(firstMessage(receiveMailSchema.safeParse({ kind: 'letter', sender: '' }))).toBe('Sender is required');
    expect(firstMessage(receiveMailSchema.safeParse({ kind: 'box', sender: 'A' }))).toBe(
      'Kind must be letter, large envelope, package or pallet',
    );
    expect(firstMessage(receiveMailSchema.safeParse({ kind: 'package', sender: 'A' }))).toBe(
      'Weight is required for a package or pallet',
    );
  });

  it('reads multipart numbers and wants all three dimensions', () => {
    expect(receiveMailSchema.parse({ kind: 'package', sender: 'A', weightLb: '2.5' }).weightLb).toBe(2.5);
    expect(
      firstMessage(receiveMailSchema.safeParse({ kind: 'package', sender: 'A', weightLb: '2', lengthIn: '3' })),
    ).toBe('Enter length, width and height together');
  });
});

describe('createMailRequestSchema', () => {
  it('names the allowed types when the type is wrong', () => {
    expect(firstMessage(createMailRequestSchema.safeParse({ type: 'burn' }))).toBe(
      'Request type must be scan, forward, pickup, shred or junk',
    );
  });

  it('needs an address to forward, with a valid ZIP', () => {
    expect(firstMessage(createMailRequestSchema.safeParse({ type: 'forward' }))).toBeDefined();
    const address = {
      name: 'A',
      line1: '1 Main St',
      city: 'Austin',
      state: 'TX',
      zipCode: '12345678901',
      country: 'US',
    };
    expect(firstMessage(createMailRequestSchema.safeParse({ type: 'forward', address }))).toBe(
      'Zip Code cannot be longer than 10 characters',
    );
    const ok = createMailRequestSchema.parse({ type: 'forward', address: { ...address, zipCode: '78701' } });
    expect(ok).toMatchObject({ type: 'forward', declaredValueCents: 0, consolidateItemIds: [] });
  });
});

describe('mailItemListQuerySchema', () => {
  it('defaults to the inbox and refuses unknown folders', () => {
    expect(mailItemListQuerySchema.parse({})).toMatchObject({ folder: 'inbox', pageNo: 1, pageSize: 10 });
    expect(firstMessage(mailItemListQuerySchema.safeParse({ folder: 'spam' }))).toBe(
      'Folder must be inbox, archive or trash',
    );
  });
});
