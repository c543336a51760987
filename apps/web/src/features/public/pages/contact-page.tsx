import { Clock, MapPin, Phone } from 'lucide-react';
import { Card, CardContent } from '../../../components/ui/card';
import { ContactForm } from '../components/contact-form';
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
            <Card>
              <CardContent className="grid gap-3">
                <h2 className="flex items-center gap-2 text-lg font-semibold text-navy-950">
                  <Phone aria-hidden="true" className="size-5 text-orange" />
                  Call support
                </h2>
                <a
                  href={SUPPORT_PHONE.href}
                  className="text-2xl font-bold text-primary hover:underline"
                  data-testid="support-phone"
                >
                  {SUPPORT_PHONE.display}
                </a>
                <p className="text-sm text-muted-foreground">During store hours, Pacific Time.</p>
              </CardContent>
            </Card>
            <Card>
              <CardContent className="grid gap-3">
                <h2 className="flex items-center gap-2 text-lg font-semibold text-navy-950">
                  <MapPin aria-hidden="true" className="size-5 text-green" />
                  Visit the store
                </h2>
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
              </CardContent>
            </Card>
            <Card>
              <CardContent className="grid gap-3">
                <h2 className="flex items-center gap-2 text-lg font-semibold text-navy-950">
                  <Clock aria-hidden="true" className="size-5 text-primary" />
                  Opening hours
                </h2>
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
              </CardContent>
            </Card>
          </aside>
        </div>
      </Section>
    </>
  );
}
