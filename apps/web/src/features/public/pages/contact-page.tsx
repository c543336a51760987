import { Clock, MapPin, Phone } from 'lucide-react';
import { Card, CardContent } from '../../../components/ui/card';
import { ContactForm } from '../components/contact-form';
import { IconHeadingCard } from '../components/icon-heading-card';
import { PageHero, Section } from '../components/section';
import { STORE, STORE_MAP_URL, SUPPORT_PHONE } from '../lib/company';
import { usePageMeta } from '../lib/use-page-meta';

export function ContactPage() {
  usePageMeta(
    'Contact Postwise: send us a message or call our support line about virtual mailboxes, mail forwarding, pickup and discounted shipping. We answer within one business day.',
  );

  return (
    <>
      <PageHero
        eyebrow="Contact"
        title="Talk to a real person"
        lead="Questions about plans, your mailbox application or a shipment? Write to us and our Los Angeles team answers within one business day."
      />
      <Section>
        <div className="grid gap-8 lg:grid-cols-[1.5fr_1fr]">
          <Card>
            <CardContent className="grid gap-6">
              <h2 className="text-xl font-semibold text-navy-950">Send us a message</h2>
              <ContactForm />
            </CardContent>
          </Card>
          <aside aria-label="Other ways to reach us" className="grid content-start gap-4">
            <IconHeadingCard icon={Phone} iconClassName="text-orange" title="Call support">
              <a
                href={SUPPORT_PHONE.href}
                className="text-2xl font-bold text-primary hover:underline"
                data-testid="support-phone"
              >
                {SUPPORT_PHONE.display}
              </a>
              <p className="text-sm text-muted-foreground">During store hours, Pacific Time.</p>
            </IconHeadingCard>
            <IconHeadingCard icon={MapPin} iconClassName="text-green" title="Visit the store">
              <p className="text-base">
                {STORE.street}
                <br />
                {STORE.city}, {STORE.state} {STORE.zip}
              </p>
              <a
                href={STORE_MAP_URL}
                target="_blank"
                rel="noopener noreferrer"
                className="text-sm font-medium text-primary hover:underline"
              >
                Open in maps<span className="sr-only"> (opens in a new tab)</span>
              </a>
            </IconHeadingCard>
            <IconHeadingCard icon={Clock} iconClassName="text-primary" title="Opening hours">
              <dl className="grid gap-1 text-sm">
                {STORE.hours.map((h) => (
                  <div key={h.days} className="flex justify-between gap-4">
                    <dt className="font-medium">{h.days}</dt>
                    <dd className="text-muted-foreground">{h.time}</dd>
                  </div>
                ))}
                <div className="flex justify-between gap-4">
                  <dt className="font-medium">Sunday</dt>
                  <dd className="text-muted-foreground">Closed</dd>
                </div>
              </dl>
            </IconHeadingCard>
          </aside>
        </div>
      </Section>
    </>
  );
}
