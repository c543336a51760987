import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { faqs } from '../modules/platform';
import type { SeedOptions } from './seed-options';

/** The home page's questions (spec 2.9), in display order. Facts follow the spec (1, 9). */
export const DEMO_FAQS: readonly { question: string; answer: string }[] = [
  {
    question: 'What is a virtual mailbox?',
    answer:
      'A virtual mailbox gives you a real street address in Los Angeles, California. We receive your letters and packages there, scan the outside of every envelope, and you decide from your phone or computer what happens next: open and scan, forward, hold for pickup, shred or mark as junk.',
  },
  {
    question: 'Is it a real street address or a P.O. box?',
    answer:
      'It is a real street address with your own PMB (private mailbox) number, written as "#" or "PMB" after the street line. Unlike a P.O. box it accepts packages from every carrier, not only the postal service, and you can use it for banks, subscriptions and online stores.',
  },
  {
    question: 'How do mail scans work?',
    answer:
      'When a letter arrives we photograph the envelope so you can see the sender and the date it came in. If you want to read it, request an open-and-scan and the contents appear in your inbox as a PDF. Each plan starts with a number of scans; if you need more, scan packages add scans that never expire.',
  },
  {
    question: 'How many names can receive mail at my mailbox?',
    answer:
      'A mailbox plan covers mail for up to 2 names, for example you and your partner, or you and your business. Add both names when you apply so our staff know the mail is yours.',
  },
  {
    question: 'Why do I need to send ID and USPS Form 1583?',
    answer:
      'The US Postal Service requires every mail-receiving service to keep a signed Form 1583 and two forms of identification for each mailbox holder: a photo ID (such as a driver license or passport) and a proof of address (such as a lease or vehicle registration). You upload them during sign-up and we review them, usually within one business day.',
  },
  {
    question: 'Can you forward my mail and packages?',
    answer:
      'Yes. Choose one or several items, pick a saved address or add a new one, and we ship them at standard carrier rates. To save on postage, ask us to consolidate several packages into one box before they leave.',
  },
  {
    question: 'What happens to junk mail and documents I no longer need?',
    answer:
      'Mark a letter as junk and it leaves your inbox; turn on junk filtering and obvious advertising is set aside for you. Anything you want destroyed is securely shredded on request, and you can see when it was done.',
  },
  {
    question: 'How long do you keep my mail, packages and pallets?',
    answer:
      'Letters are stored free for 30 days, packages and pallets for 3 days. After that a small daily storage fee applies, as listed on the Mailbox Pricing page. Please collect or forward your mail at least once a month.',
  },
  {
    question: 'Can I pick up my mail in person?',
    answer:
      'Yes. Ask us to hold items for pickup and collect them at the store. For your security a one-time passcode is needed at the counter; only the authorized individual named on your application can pick up mail without one.',
  },
  {
    question: 'Do you receive pallets and large shipments?',
    answer:
      'Yes. We receive and store pallets and oversized freight for you. Packages of 50 pounds or more, or whose length plus width plus height is 50 inches or more, count as overweight; the receiving and storage fees are listed with each plan.',
  },
  {
    question: 'How much can I save on shipping?',
    answer:
      'Our negotiated rates are 70% or more off the carriers\u2019 retail postage. You can pay per shipment or ship now and pay later, send several packages to one destination in one go, and ask for a free shipping-cost analysis of what you ship today.',
  },
  {
    question: 'When is payment due, and what if I pay late?',
    answer:
      'Invoices are due within 14 days. A late fee is added for every week an invoice stays unpaid, and after 15 days of non-payment a reinstatement fee applies before the mailbox is active again. Plans are not prorated or refunded, so cancel before your next renewal date if you no longer need the mailbox.',
  },
];

/** Demo FAQs, upserted by question; sort order follows the list. */
export async function seedFaqs(db: Db, { overwrite }: SeedOptions): Promise<void> {
  await db.transaction(async (tx) => {
    for (const [index, faq] of DEMO_FAQS.entries()) {
      const values = { question: faq.question, answer: faq.answer, sortOrder: (index + 1) * 10, isPublished: true };
      const [existing] = await tx.select({ id: faqs.id }).from(faqs).where(eq(faqs.question, faq.question)).limit(1);
      if (!existing) await tx.insert(faqs).values(values);
      else if (overwrite)
        await tx
          .update(faqs)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(faqs.id, existing.id));
    }
  });
}
