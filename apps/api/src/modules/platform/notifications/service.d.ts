import type { Notification } from '@postwise/shared/mail-api';
import type { PageQuery } from '@postwise/shared/schemas/paging';
import type { NotificationsReadInput } from '@postwise/shared/schemas/mail';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client';
import { type NotificationKind, type NotificationRow } from '../../mailbox/schema/mail';
import type { Mailer } from '../../../integrations/mailer/mailer';
import type { NotificationHub } from './hub';
/** What sending a notification needs (routes and jobs build it the same way). */
export interface NotifyContext {
    db: Db;
    hub: NotificationHub;
    mailer: Mailer;
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
    /** E-mail wording; defaults to the title and body. */
    email?: {
        subject?: string;
        paragraphs?: string[];
        code?: string;
        actionLabel?: string;
    };
}
export declare function toNotificationDto(row: NotificationRow): Notification;
/**
 * Records an in-app notification, pushes it to the user's open browsers and e-mails it, each only when the
 * user's notification preferences (account settings, default all on) allow that event on that channel.
 * Called after the change it reports has committed; a failed e-mail or push is logged, never undoes the
 * change. Answers the recorded notification, or null when the user turned the in-app one off.
 */
export declare function notify(ctx: NotifyContext, input: NotifyInput, now: Date): Promise<Notification | null>;
/** GET notifications: the user's own, newest first, with the unread count for the bell. */
export declare function listNotifications(db: Db, userId: string, page: PageQuery, unreadOnly: boolean): Promise<{
    unreadCount: number;
    isSuccess: true;
    items: Notification[];
    pageNo: number;
    pageSize: number;
    total: number;
}>;
export declare function countUnread(db: Db, userId: string): Promise<number>;
/** POST notifications/read: the given ones (only the caller's) or all; answers the new unread count. */
export declare function markRead(db: Db, userId: string, input: NotificationsReadInput, now: Date): Promise<number>;
