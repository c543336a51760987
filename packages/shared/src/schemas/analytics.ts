import { z } from 'zod';
import { isDateOnly, midnightIn, PLATFORM_TIME_ZONE } from '../time-zones';

const DAY = 86_400_000;
/** Longest range one request may ask for (two years and a day). */
export const ANALYTICS_MAX_RANGE_DAYS = 731;

export const ANALYTICS_MESSAGES = {
  fromInvalid: 'From is not a valid date.',
  toInvalid: 'To is not a valid date.',
  toBeforeFrom: 'To must be after From.',
  tooLong: 'The range can span at most two years.',
} as const;

const isCalendarDate = (value: unknown): value is string => {
  if (!isDateOnly(value)) return false;
  const at = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(at) && new Date(at).toISOString().startsWith(value);
};

/** A bound of a range: a date-time as given, or a date (YYYY-MM-DD) meaning midnight in the platform's time zone. */
const rangeBound = (error: string) =>
  z.preprocess(
    // A date that is not on the calendar (2026-13-45) is passed on as given, so it is refused, not rolled over.
    (value) => (isCalendarDate(value) ? midnightIn(value, PLATFORM_TIME_ZONE) : value),
    z.coerce.date({ error }),
  );

/**
 * A range [from, to) of Analytics & Reports: ISO dates (the platform time zone's days) or date-times; `to` after
 * `from`, at most two years.
 */
export const analyticsRangeSchema = z
  .object({
    from: rangeBound(ANALYTICS_MESSAGES.fromInvalid).meta({
      description: 'Start of the range, included: a date (YYYY-MM-DD, midnight in Los Angeles) or a date-time',
    }),
    to: rangeBound(ANALYTICS_MESSAGES.toInvalid).meta({
      description: 'End of the range, excluded: a date (YYYY-MM-DD, midnight in Los Angeles) or a date-time',
    }),
  })
  .refine((r) => r.to.getTime() > r.from.getTime(), { message: ANALYTICS_MESSAGES.toBeforeFrom, path: ['to'] })
  .refine((r) => r.to.getTime() - r.from.getTime() <= ANALYTICS_MAX_RANGE_DAYS * DAY, {
    message: ANALYTICS_MESSAGES.tooLong,
    path: ['to'],
  });

export const analyticsSummarySchema = z.object({
  /** The IANA time zone whose days and months the range, the series and the sums are counted in. */
  timeZone: z.string(),
  from: z.string(),
  to: z.string(),
  previousFrom: z.string(),
  mrrCents: z.number(),
  previousMrrCents: z.number(),
  mrrChangeCents: z.number(),
  newSubscriptions: z.number(),
  churnedSubscriptions: z.number(),
  reactivatedSubscriptions: z.number(),
  /** subscriptions, fees, forwards, shipping_margin (see docs/decisions/012-analytics-definitions.md). */
  revenueByCategory: z.array(z.object({ category: z.string(), cents: z.number(), invoices: z.number() })),
  postageCollectedCents: z.number(),
  refunds: z.object({ cents: z.number(), count: z.number() }),
  netRevenueCents: z.number(),
  series: z.object({
    unit: z.enum(['day', 'month']),
    points: z.array(z.object({ start: z.string(), revenueCents: z.number(), mrrCents: z.number() })),
  }),
  pastDue: z.object({ cents: z.number(), invoices: z.number(), accounts: z.number() }),
  shipments: z.object({ count: z.number(), customerSavingsCents: z.number() }),
  mailVolume: z.array(z.object({ kind: z.string(), store: z.string(), count: z.number() })),
  requestTurnaround: z.array(
    z.object({ store: z.string(), completed: z.number(), medianHours: z.number(), p90Hours: z.number() }),
  ),
  topSubAdmins: z.array(z.object({ userId: z.string(), email: z.string(), cents: z.number() })),
});
export type AnalyticsSummary = z.infer<typeof analyticsSummarySchema>;

export const superAdminDashboardSchema = z.object({
  mrrCents: z.number(),
  activeCustomers: z.number(),
  pendingApplications: z.number(),
  pastDueAccounts: z.number(),
  pastDueCents: z.number(),
  openRequestsByAge: z.array(z.object({ bucket: z.string(), count: z.number() })),
  recentAudit: z.array(z.object({ id: z.string(), action: z.string(), at: z.string(), actor: z.string().nullable() })),
});
export type SuperAdminDashboard = z.infer<typeof superAdminDashboardSchema>;
