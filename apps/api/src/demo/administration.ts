import { createHash } from 'node:crypto';
import type { Personal, ProfileStatus } from '@postwise/shared/api-types';
import type { AccountType, ProfileKind, RoleCode } from '@postwise/shared/roles';
import { and, asc, eq, sql } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import type { FileStorage } from '../integrations/storage/file-storage';
import { hashPassword } from '../lib/password';
import { sanitizeHtml } from '../lib/sanitize-html';
import type { Db } from '../db/client';
import { documents, invitations, policyAndTerms, type NewUserRow, users } from '../modules/identity';
import { mailboxes, type NewStoreRow, stores } from '../modules/mailbox';
import { paymentCustomers, paymentMethods, plans, subscriptions } from '../modules/billing';
import type { SeedOptions } from './seed-options';
import { DEMO_PASSWORD, demoUserId, upsertDemoUser } from './users';
import { pdfBytes } from '../lib/pdf';

/**
 * Administration demo data: stores with PMB numbering, customers under both sub-admins, referred
 * clients of the super sub-admin (a referred sub-admin with a customer of their own, and a referred customer),
 * an invited customer, an inactive one, a mailbox application waiting for review (with specimen IDs when file
 * storage is at hand), Policy & Terms of both sub-admins, and a password-protected Configuration tab for
 * reseller@example.com (its unlock password is its sign-in password, Demo1234!).
 */

const LA = { city: 'Los Angeles', state: 'California', country: 'United States' } as const;

interface DemoStore extends Omit<NewStoreRow, 'ownerUserId'> {
  owner: string;
}

export const DEMO_STORES: readonly DemoStore[] = [
  {
    owner: 'superadmin@example.com',
    name: 'Postwise Wilshire',
    address1: '3600 Wilshire Blvd',
    address2: null,
    ...LA,
    zip: '90010',
    phone: '2135550100',
    hours: 'Mon–Fri 9:00–18:00 · Sat 10:00–14:00',
    latitude: 34.0618,
    longitude: -118.303,
    pmbPrefix: 'PMB',
    nextPmbNumber: 1001,
    isDefault: true,
  },
  {
    owner: 'subadmin@example.com',
    name: 'Downtown LA',
    address1: '811 W 7th St',
    address2: null,
    ...LA,
    zip: '90017',
    phone: '2135550121',
    hours: 'Mon–Fri 8:30–19:00 · Sat 9:00–15:00',
    latitude: 34.0487,
    longitude: -118.259,
    pmbPrefix: 'PMB',
    nextPmbNumber: 2001,
    isDefault: true,
  },
  {
    owner: 'subadmin@example.com',
    name: 'Hollywood',
    address1: '6250 Hollywood Blvd',
    address2: null,
    ...LA,
    zip: '90028',
    phone: '3235550122',
    hours: 'Mon–Sat 10:00–18:00',
    latitude: 34.1016,
    longitude: -118.3267,
    pmbPrefix: '#',
    nextPmbNumber: 3001,
    isDefault: false,
  },
  {
    owner: 'reseller@example.com',
    name: 'Mid-Wilshire',
    address1: '5757 Wilshire Blvd',
    address2: null,
    ...LA,
    zip: '90036',
    phone: '3235550133',
    hours: 'Mon–Fri 9:00–17:30',
    latitude: 34.0625,
    longitude: -118.353,
    pmbPrefix: 'PMB',
    nextPmbNumber: 4001,
    isDefault: true,
  },
  {
    owner: 'partner@example.com',
    name: 'Koreatown',
    address1: '3727 W 6th St',
    address2: null,
    ...LA,
    zip: '90020',
    phone: '2135550144',
    hours: 'Mon–Fri 9:00–18:00',
    latitude: 34.0636,
    longitude: -118.3063,
    pmbPrefix: 'PMB',
    nextPmbNumber: 5001,
    isDefault: true,
  },
];

interface DemoAccount {
  email: string;
  role: Exclude<RoleCode, 'SUPER_ADMIN'>;
  parent: string;
  referredBy?: string;
  accountType: AccountType | null;
  status?: 'active' | 'inactive';
  personal: Omit<Personal, 'fullName'>;
  profile?: { current: ProfileKind; shipment: ProfileStatus; mailbox: ProfileStatus };
  /** Opens a mailbox at the parent's default store. */
  mailbox?: boolean;
  /** Added by an admin and not registered yet. */
  invited?: boolean;
  /** A signed contract and uploaded IDs waiting for review. */
  application?: boolean;
}

function person(
  firstName: string,
  middleName: string,
  lastName: string,
  phone: string,
  address1: string,
  zip: string,
  mailbox = true,
): Omit<Personal, 'fullName'> {
  const fullName = [firstName, middleName, lastName].filter(Boolean).join(' ');
  return {
    firstName,
    middleName,
    lastName,
    phone,
    address1,
    address2: '',
    ...LA,
    zip,
    ...(mailbox ? { mailboxName: fullName } : {}),
  };
}

const ACTIVE_MAILBOX = { current: 'mailbox', shipment: 'none', mailbox: 'active' } as const;

// Phone numbers use the 555-01xx block reserved for fiction.
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  // Customers of subadmin@example.com (a super sub-admin).
  {
    email: 'ava.nguyen@example.com',
    role: 'USER',
    parent: 'subadmin@example.com',
    accountType: 'mailbox',
    personal: person('Ava', 'M', 'Nguyen', '2135550151', '1100 S Hope St', '90015'),
    profile: ACTIVE_MAILBOX,
    mailbox: true,
  },
  {
    email: 'emma.rodriguez@example.com',
    role: 'USER',
    parent: 'subadmin@example.com',
    accountType: 'mailbox',
    personal: person('Emma', 'L', 'Rodriguez', '3235550152', '2250 Sunset Blvd', '90026'),
    profile: { current: 'mailbox', shipment: 'none', mailbox: 'pending' },
    application: true,
  },
  {
    email: 'chloe.davis@example.com',
    role: 'USER',
    parent: 'subadmin@example.com',
    accountType: null,
    personal: person('Chloe', '', 'Davis', '', '', '', false),
    invited: true,
  },
  // Referred clients of subadmin@example.com: they registered through its invitation link.
  {
    email: 'partner@example.com',
    role: 'SUB_ADMIN',
    parent: 'subadmin@example.com',
    referredBy: 'subadmin@example.com',
    accountType: null,
    personal: person('Grace', 'H', 'Kim', '2135550161', '3700 Wilshire Blvd', '90010', false),
  },
  {
    email: 'lucas.martin@example.com',
    role: 'USER',
    parent: 'subadmin@example.com',
    referredBy: 'subadmin@example.com',
    accountType: 'mailbox',
    personal: person('Lucas', 'D', 'Martin', '3235550162', '5500 Franklin Ave', '90028'),
    profile: ACTIVE_MAILBOX,
    mailbox: true,
  },
  // A customer of the referred sub-admin.
  {
    email: 'oliver.james@example.com',
    role: 'USER',
    parent: 'partner@example.com',
    referredBy: 'partner@example.com',
    accountType: 'mailbox',
    personal: person('Oliver', 'P', 'James', '2135550163', '450 S Western Ave', '90020'),
    profile: ACTIVE_MAILBOX,
    mailbox: true,
  },
  // Customers of reseller@example.com.
  {
    email: 'mia.johnson@example.com',
    role: 'USER',
    parent: 'reseller@example.com',
    accountType: 'mailbox',
    personal: person('Mia', 'R', 'Johnson', '3235550171', '6300 W 3rd St', '90036'),
    profile: ACTIVE_MAILBOX,
    mailbox: true,
  },
  {
    email: 'noah.wilson@example.com',
    role: 'USER',
    parent: 'reseller@example.com',
    accountType: 'mailbox',
    status: 'inactive',
    personal: person('Noah', 'B', 'Wilson', '3235550172', '8000 Beverly Blvd', '90048'),
    profile: { current: 'mailbox', shipment: 'none', mailbox: 'inactive' },
  },
];

/** The platform's own mailbox customers get their PMB at the platform store too. */
const PLATFORM_MAILBOXES = ['user@example.com', 'mailbox@example.com'] as const;

const POLICY: Record<string, { privacyPolicyHtml: string; termsHtml: string }> = {
  'subadmin@example.com': {
    privacyPolicyHtml: `<h2>Privacy Policy</h2>
<p>Marcus Chen Mail Centers keeps the information of your mailbox application (your name, address, phone and the IDs for USPS Form 1583) only to run your mailbox and to meet postal rules.</p>
<ul><li>We scan the outside of your mail so you can decide what happens to it.</li><li>We open and scan contents only when you ask.</li><li>We never sell your data.</li></ul>
<p>Questions: <a href="mailto:privacy@example.com">privacy@example.com</a>.</p>`,
    termsHtml: `<h2>Terms of Service</h2>
<p>Payment is due within 14 days; late or reinstatement fees apply after that. Mail can be received for at most 3 persons per address. Parcels must be collected within 24 hours of notice, and mail at least monthly.</p>
<p>Our liability is limited to $100 per item. Fees are not prorated and not refunded.</p>`,
  },
  'reseller@example.com': {
    privacyPolicyHtml: `<h2>Privacy Policy</h2>
<p>Patel Mailbox Services uses your personal details only to provide your private mailbox at our Mid-Wilshire store and to comply with USPS Form 1583.</p>
<p>You may ask for a copy of your data at any time.</p>`,
    termsHtml: `<h2>Terms of Service</h2>
<p>Your mailbox address is a street address in Los Angeles, California, with a PMB designation. Payment is due within 14 days. A default of 14 days or more allows us to end the agreement.</p>`,
  },
};

/** A specimen ID (PDF) for the demo application: clearly marked, with the applicant's name. */
function specimenPdf(title: string, lines: string[]): Promise<Buffer> {
  const doc = new PDFDocument({ size: [360, 228], margin: 18, info: { Title: `Specimen: ${title}` } });
  const done = pdfBytes(doc);
  doc.rect(0, 0, 360, 36).fill('#1e1b4b');
  doc.fillColor('#ffffff').fontSize(13).text(title, 18, 12);
  doc.fillColor('#0f172a').fontSize(10);
  lines.forEach((line, i) => doc.text(line, 18, 54 + i * 16));
  doc.fillColor('#dc2626').fontSize(30).opacity(0.25).text('SPECIMEN', 120, 150);
  doc.end();
  return done;
}

export async function seedAdministration(db: Db, { overwrite, storage }: SeedOptions & { storage?: FileStorage }) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const ids = new Map<string, string>();
  const idOf = async (email: string) => {
    const known = ids.get(email) ?? (await demoUserId(db, email));
    if (!known) throw new Error(`Seed: ${email} is missing`);
    ids.set(email, known);
    return known;
  };
  const now = new Date();
  // First run of this seeder (no demo store yet): set the demo's starting configuration once, keep edits later.
  const firstRun = (await db.$count(stores)) === 0;

  // Accounts first (the referred sub-admin owns a store).
  for (const demo of DEMO_ACCOUNTS) {
    const parentId = await idOf(demo.parent);
    const fullName = [demo.personal.firstName, demo.personal.middleName, demo.personal.lastName]
      .filter(Boolean)
      .join(' ');
    const values: NewUserRow = {
      email: demo.email,
      passwordHash,
      roleCode: demo.role,
      accountType: demo.accountType,
      parentUserId: parentId,
      referredByUserId: demo.referredBy ? await idOf(demo.referredBy) : null,
      isSuperSubAdmin: false,
      status: demo.status ?? 'active',
      personal: { ...demo.personal, fullName },
      mailboxType: demo.accountType ? 'personal' : null,
      currentStep: demo.invited ? 'account-type' : null,
      emailVerifiedAt: demo.invited ? null : now,
      signature: demo.application ? fullName : null,
      signedAt: demo.application ? now : null,
      signedIp: demo.application ? '127.0.0.1' : null,
    };
    const profile = demo.profile && {
      currentProfile: demo.profile.current,
      shipment: demo.profile.shipment,
      mailbox: demo.profile.mailbox,
    };
    const { id, added } = await upsertDemoUser(db, values, profile, { overwrite, now: () => now });
    if (added && demo.invited) {
      await db.insert(invitations).values({ userId: id, invitedByUserId: parentId, role: demo.role });
    }
    ids.set(demo.email, id);
  }

  // Stores, upserted by owner and name.
  for (const { owner, ...store } of DEMO_STORES) {
    const ownerUserId = await idOf(owner);
    const [existing] = await db
      .select({ id: stores.id })
      .from(stores)
      .where(and(eq(stores.ownerUserId, ownerUserId), eq(stores.name, store.name)))
      .limit(1);
    if (!existing) await db.insert(stores).values({ ...store, ownerUserId });
    else if (overwrite)
      await db
        .update(stores)
        .set({ ...store, updatedAt: now })
        .where(eq(stores.id, existing.id));
  }

  // Mailboxes of the active demo customers, at their owner's default store, numbered from its counter.
  const withMailbox = [
    ...PLATFORM_MAILBOXES.map((email) => ({ email, parent: 'superadmin@example.com' })),
    ...DEMO_ACCOUNTS.filter((a) => a.mailbox).map((a) => ({ email: a.email, parent: a.parent })),
  ];
  for (const { email, parent } of withMailbox) {
    const userId = await demoUserId(db, email);
    if (!userId) continue;
    if ((await db.$count(mailboxes, eq(mailboxes.userId, userId))) > 0) continue;
    await db.transaction(async (tx) => {
      const [store] = await tx
        .select()
        .from(stores)
        .where(and(eq(stores.ownerUserId, await idOf(parent)), eq(stores.isDefault, true)))
        .orderBy(asc(stores.createdAt))
        .for('update')
        .limit(1);
      if (!store) return;
      const [user] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
      await tx.insert(mailboxes).values({
        userId,
        storeId: store.id,
        pmbNumber: store.nextPmbNumber,
        mailboxType: user?.mailboxType ?? 'personal',
        names: [user?.personal.mailboxName || user?.fullName || ''].filter(Boolean),
        status: 'active',
      });
      await tx
        .update(stores)
        .set({ nextPmbNumber: store.nextPmbNumber + 1 })
        .where(eq(stores.id, store.id));
    });
  }

  // The pending application's IDs (only where file storage is at hand: the server start and db:seed).
  const applicant = DEMO_ACCOUNTS.find((a) => a.application);
  if (applicant && storage) {
    const userId = await idOf(applicant.email);
    if ((await db.$count(documents, eq(documents.userId, userId))) === 0) {
      const name = [applicant.personal.firstName, applicant.personal.middleName, applicant.personal.lastName].join(' ');
      const files = [
        {
          kind: 'photoId' as const,
          idType: "State, territory or tribal driver's or non-driver's ID card",
          body: await specimenPdf('California Driver License', [
            `Name: ${name}`,
            `Address: ${applicant.personal.address1}, Los Angeles, CA ${applicant.personal.zip}`,
            'DL: D1234567 · Expires 08/14/2029',
            'Date of birth: 04/12/1991',
          ]),
        },
        {
          kind: 'addressId' as const,
          idType: 'Current Lease',
          body: await specimenPdf('Residential Lease Agreement', [
            `Tenant: ${name}`,
            `Premises: ${applicant.personal.address1}, Los Angeles, CA ${applicant.personal.zip}`,
            'Term: 09/01/2025 – 08/31/2026',
            'Landlord: Echo Park Residences LLC',
          ]),
        },
      ];
      for (const file of files) {
        const key = `documents/${userId}/${createHash('sha256')
          .update(file.kind + userId)
          .digest('hex')
          .slice(0, 32)}`;
        await storage.put(key, file.body, 'application/pdf');
        await db
          .insert(documents)
          .values({
            userId,
            kind: file.kind,
            idType: file.idType,
            storageKey: key,
            contentType: 'application/pdf',
            size: file.body.length,
            sha256: createHash('sha256').update(file.body).digest('hex'),
            originalName: `${file.kind}.pdf`,
          })
          .onConflictDoNothing();
      }
    }
  }

  // The sub-admins' customers and the referred sub-admin hold a subscription, so the subscription gate lets them
  // in. The demo applicant has only chosen a plan and saved a card (decision 003): nothing is charged until the
  // application is approved, when the approval charges it and the inbox opens.
  for (const demo of DEMO_ACCOUNTS.filter((a) => a.status !== 'inactive' && !a.invited)) {
    const audience = demo.role === 'SUB_ADMIN' ? 'sub_admin' : 'customer';
    const [plan] = await db
      .select({ id: plans.id, scanCount: plans.scanCount })
      .from(plans)
      .where(and(eq(plans.audience, audience), eq(plans.validity, 'month')))
      .orderBy(asc(plans.priceCents))
      .limit(1);
    if (!plan) continue;
    if (demo.application) {
      const userId = await idOf(demo.email);
      await db
        .insert(paymentCustomers)
        .values({ userId, provider: 'sandbox', providerCustomerId: `cus_sandbox_demo_${userId.slice(0, 8)}` })
        .onConflictDoNothing({ target: [paymentCustomers.userId, paymentCustomers.provider] });
      await db
        .insert(paymentMethods)
        .values({
          userId,
          provider: 'sandbox',
          type: 'card',
          providerPaymentMethodId: `pm_sandbox_demo_${userId.slice(0, 8)}`,
          brand: 'visa',
          last4: '4242',
          expMonth: 12,
          expYear: 2031,
          isDefault: true,
          status: 'active',
        })
        .onConflictDoNothing();
      await db
        .insert(subscriptions)
        .values({ userId, status: 'none', pendingPlanId: plan.id, planChosenAt: now })
        .onConflictDoNothing({ target: subscriptions.userId });
      continue;
    }
    await db
      .insert(subscriptions)
      .values({
        userId: await idOf(demo.email),
        planId: plan.id,
        status: 'active',
        isExpired: false,
        currentPeriodStart: now,
        currentPeriodEnd: new Date(now.getTime() + 30 * 86_400_000),
        scansRemaining: plan.scanCount,
      })
      .onConflictDoNothing({ target: subscriptions.userId });
  }

  // Policy & Terms of both sub-admins (sanitized like every write).
  for (const [email, content] of Object.entries(POLICY)) {
    const ownerUserId = await idOf(email);
    const values = {
      privacyPolicyHtml: sanitizeHtml(content.privacyPolicyHtml),
      termsHtml: sanitizeHtml(content.termsHtml),
    };
    const insert = db.insert(policyAndTerms).values({ ownerUserId, ...values });
    await (overwrite
      ? insert.onConflictDoUpdate({ target: policyAndTerms.ownerUserId, set: { ...values, updatedAt: now } })
      : insert.onConflictDoNothing({ target: policyAndTerms.ownerUserId }));
  }

  // reseller@example.com: a password-protected Configuration tab (unlock password = its sign-in password).
  if (firstRun || overwrite) {
    const resellerId = await idOf('reseller@example.com');
    await db
      .update(users)
      .set({
        configuration: sql`jsonb_set(${users.configuration}, '{isPasswordProtected}', 'true'::jsonb)`,
        updatedAt: now,
      })
      .where(eq(users.id, resellerId));
  }
}
