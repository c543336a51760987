import { effectivePreferences, type NotificationEvent } from '@postwise/shared/account-settings';
import type { Notification } from '@postwise/shared/mail-api';
import type { PageQuery } from '@postwise/shared/schemas/paging';
import type { NotificationsReadInput } from '@postwise/shared/schemas/mail';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client';
import { type NotificationKind, type NotificationRow, notifications } from '../schema/notifications';
import { users } from '../../identity';
import type { EmailQueue } from '../../../integrations/mailer/email-queue';
import { mailNotificationEmail } from '../../../integrations/mailer/templates';
import { paged } from '../../../db/paging';
import { queuePush } from '../push/push-job';
import type { NotificationHub } from './hub';

const ALWAYS_SENT: ReadonlySet<NotificationKind> = new Set(['pickup_locked']);

/** What sending a notification needs (routes and jobs build it the same way). */
export interface NotifyContext {
  db: Db;
  /** Live fan-out to open browsers; without it the notification shows on the bell's next fetch. */
  hub?: NotificationHub | undefined;
  emails: EmailQueue;
  publicUrl: string;
  log: FastifyBaseLogger;
}

export interface NotifyInput {
  userId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** App path, e.g. /inbox?item=<id>. */
  link: string;
  mailItemId?: string | null;
  /**
   * E-mail wording; defaults to the title and body. `false`: the caller sends its own e-mail about this event
   * (e.g. a payment-failed notice), so the notification goes in-app and by push only. `actionUrl`: an absolute
   * address for the e-mail's button (a carrier's tracking page) instead of `link`.
   */
  email?: false | { subject?: string; paragraphs?: string[]; code?: string; actionLabel?: string; actionUrl?: string };
  /** What makes the e-mail unique when there is no in-app row to name it (it is never sent twice). */
  emailKey?: string;
}

export function toNotificationDto(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    mailItemId: row.mailItemId,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Records an in-app notification, sends it live to the user's open browsers, e-mails it and pushes it to the
 * devices the user opted in (Web Push), each only when the user's notification preferences (account settings,
 * default all on) allow that event on that channel. The row and the e-mail's and pushes' jobs are written in one
 * transaction (inside the caller's, when `ctx.db` is one), so they go out exactly when the notification exists;
 * the live event follows. Answers the recorded notification, or null when the user turned the in-app one off.
 */
export async function notify(ctx: NotifyContext, input: NotifyInput, now: Date): Promise<Notification | null> {
  const dto = await ctx.db.transaction(async (tx) => {
    const [user] = await tx
      .select({ email: users.email, preferences: users.notificationPreferences })
      .from(users)
      .where(eq(users.id, input.userId));
    const preferences = effectivePreferences(user?.preferences);
    // Security notices (a pickup locked by wrong passcodes) reach the customer whatever their preferences.
    const always = ALWAYS_SENT.has(input.kind);
    let recorded: Notification | null = null;
    if (always || preferences.inApp[input.kind as NotificationEvent]) {
      const [row] = await tx
        .insert(notifications)
        .values({
          userId: input.userId,
          kind: input.kind,
          title: input.title,
          body: input.body,
          link: input.link,
          mailItemId: input.mailItemId ?? null,
          createdAt: now,
        })
        .returning();
      recorded = toNotificationDto(row!);
    }
    const email = input.email === false ? null : (input.email ?? {});
    if (user && email && (always || preferences.email[input.kind as NotificationEvent])) {
      const key = input.emailKey ?? (recorded ? `notification:${recorded.id}` : undefined);
      await ctx.emails.send(
        mailNotificationEmail(user.email, {
          subject: email.subject ?? input.title,
          heading: input.title,
          paragraphs: email.paragraphs ?? [input.body],
          ...(email.code ? { code: email.code } : {}),
          actionLabel: email.actionLabel ?? 'Open your mailbox',
          actionUrl: email.actionUrl ?? `${ctx.publicUrl}${input.link}`,
        }),
        { db: tx, ...(key ? { key } : {}) },
      );
    }
    if (user && (always || preferences.push[input.kind as NotificationEvent])) {
      const key = input.emailKey ?? (recorded ? `notification:${recorded.id}` : undefined);
      await queuePush(
        tx,
        input.userId,
        {
          title: input.title,
          body: input.body,
          link: input.link,
          kind: input.kind,
          tag: input.mailItemId ? `${input.kind}:${input.mailItemId}` : (recorded?.id ?? input.kind),
        },
        key,
      );
    }
    return recorded;
  });
  if (dto && ctx.hub) {
    try {
      await publishNotification(ctx.hub, input.userId, dto);
    } catch (err) {
      ctx.log.warn({ err, userId: input.userId }, 'notification push failed');
    }
  }
  return dto;
}

/** Pushes a stored notification live to the user's open browsers (the bell's stream). */
export function publishNotification(hub: NotificationHub, userId: string, dto: Notification): Promise<void> {
  return hub.publish({
    userId,
    type: 'notification',
    notification: {
      id: dto.id,
      kind: dto.kind,
      title: dto.title,
      body: dto.body,
      link: dto.link,
      createdAt: dto.createdAt,
    },
  });
}

/** GET notifications: the user's own, newest first, with the unread count for the bell. */
export async function listNotifications(db: Db, userId: string, page: PageQuery, unreadOnly: boolean) {
  const where = and(eq(notifications.userId, userId), unreadOnly ? isNull(notifications.readAt) : undefined);
  const [list, unread] = await Promise.all([
    paged({
      page,
      rows: (limit, offset) =>
        db
          .select()
          .from(notifications)
          .where(where)
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(limit)
          .offset(offset),
      count: () => db.$count(notifications, where),
      map: toNotificationDto,
    }),
    countUnread(db, userId),
  ]);
  return { ...list, unreadCount: unread };
}

export function countUnread(db: Db, userId: string): Promise<number> {
  return db.$count(notifications, and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}

/** POST notifications/read: the given ones (only the caller's) or all; answers the new unread count. */
export async function markRead(db: Db, userId: string, input: NotificationsReadInput, now: Date): Promise<number> {
  const mine = and(eq(notifications.userId, userId), isNull(notifications.readAt));
  await db
    .update(notifications)
    .set({ readAt: now })
    .where('ids' in input ? and(mine, inArray(notifications.id, input.ids)) : mine);
  return countUnread(db, userId);
}
