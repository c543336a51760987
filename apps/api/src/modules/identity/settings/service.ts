import { randomUUID } from 'node:crypto';
import type { AccountSetting, PolicyAndTermsContent } from '@postwise/shared/admin';
import {
  type LogoKind,
  type PolicyAndTermsInput,
  type SettingInput,
  MAX_LOGO_BYTES,
} from '@postwise/shared/schemas/admin';
import { API_BASE_PATH } from '@postwise/shared/constants';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import { policyAndTerms } from '../schema/policy-and-terms';
import { type UserConfiguration, type UserRow, users } from '../schema/users';
import { acceptUpload, IMAGE_TYPES } from '../../../integrations/storage/upload-check';
import { notFound } from '../../../lib/errors';
import { sanitizeHtml } from '../../../lib/sanitize-html';
import { sessionIdOf } from '../access/authentication';
import { audit } from '../audit/service';
import type { Actor } from '../tenancy/actor';
import { unlockConfiguration } from '../auths/sessions';
import { configurationUnlockUntil } from './check-password';
import { findUserById } from '../users/service';

function configurationOf(user: UserRow): UserConfiguration {
  return {
    lightLogo: user.configuration?.lightLogo ?? null,
    darkLogo: user.configuration?.darkLogo ?? null,
    isPasswordProtected: user.configuration?.isPasswordProtected ?? false,
  };
}

export function accountSettingOf(user: UserRow): AccountSetting {
  const c = configurationOf(user);
  return { isPasswordProtected: c.isPasswordProtected, lightLogo: c.lightLogo, darkLogo: c.darkLogo };
}

async function reload(db: Db, id: string): Promise<UserRow> {
  const row = await findUserById(db, id);
  if (!row) throw notFound();
  return row;
}

/** Account Setting: turns the Configuration tab's password protection on or off. */
export async function setPasswordProtection(
  app: FastifyInstance,
  actor: Actor,
  isPasswordProtected: boolean,
): Promise<AccountSetting> {
  const me = await reload(app.db, actor.userId);
  const sessionId = sessionIdOf(actor);
  const now = app.config.now();
  const configuration = { ...configurationOf(me), isPasswordProtected };
  await app.db.transaction(async (tx) => {
    await tx.update(users).set({ configuration, updatedAt: now }).where(eq(users.id, me.id));
    // Turning protection on from inside the open tab keeps this session's tab open; other sessions lock.
    if (isPasswordProtected) await unlockConfiguration(tx, sessionId, configurationUnlockUntil(now));
    await audit(tx, actor, 'settings.password-protection', { type: 'user', id: me.id }, { isPasswordProtected });
  });
  return accountSettingOf(await reload(app.db, me.id));
}

/** Logos live under logos/<userId>/<uuid>; the URL kept in configuration is the public logo endpoint. */
export function logoUrl(userId: string, fileId: string): string {
  return `${API_BASE_PATH}/logos/${userId}/${fileId}`;
}

export function logoKey(userId: string, fileId: string): string {
  return `logos/${userId}/${fileId}`;
}

function keyOfUrl(url: string | null): string | null {
  const match = url?.match(/\/logos\/([0-9a-f-]{36})\/([0-9a-f-]{36})$/);
  return match ? logoKey(match[1] as string, match[2] as string) : null;
}

const FIELD: Record<LogoKind, 'lightLogo' | 'darkLogo'> = { light: 'lightLogo', dark: 'darkLogo' };

/** Stores a light or dark logo (an image, checked by content and size) and points the configuration at it. */
export async function uploadLogo(
  app: FastifyInstance,
  actor: Actor,
  kind: LogoKind,
  body: Buffer,
): Promise<AccountSetting> {
  const me = await reload(app.db, actor.userId);
  const logo = await acceptUpload('media', body, {
    accept: IMAGE_TYPES,
    maxBytes: MAX_LOGO_BYTES,
    label: 'Logo',
  });
  const fileId = randomUUID();
  await app.storage.put(logoKey(me.id, fileId), logo.body, logo.contentType);
  const before = configurationOf(me);
  const configuration = { ...before, [FIELD[kind]]: logoUrl(me.id, fileId) };
  await app.db.transaction(async (tx) => {
    await tx.update(users).set({ configuration, updatedAt: app.config.now() }).where(eq(users.id, me.id));
    await audit(tx, actor, 'settings.logo', { type: 'user', id: me.id }, { kind, size: body.length });
  });
  const oldKey = keyOfUrl(before[FIELD[kind]]);
  if (oldKey) await app.storage.delete(oldKey).catch(() => undefined);
  return accountSettingOf(await reload(app.db, me.id));
}

export async function removeLogo(app: FastifyInstance, actor: Actor, kind: LogoKind): Promise<AccountSetting> {
  const me = await reload(app.db, actor.userId);
  const before = configurationOf(me);
  const configuration = { ...before, [FIELD[kind]]: null };
  await app.db.transaction(async (tx) => {
    await tx.update(users).set({ configuration, updatedAt: app.config.now() }).where(eq(users.id, me.id));
    await audit(tx, actor, 'settings.logo-removed', { type: 'user', id: me.id }, { kind });
  });
  const oldKey = keyOfUrl(before[FIELD[kind]]);
  if (oldKey) await app.storage.delete(oldKey).catch(() => undefined);
  return accountSettingOf(await reload(app.db, me.id));
}

/** Setting: the sub-admin's own contact details. */
export async function updateSetting(app: FastifyInstance, actor: Actor, input: SettingInput) {
  const me = await reload(app.db, actor.userId);
  const personal = {
    ...me.personal,
    ...input,
    fullName: [input.firstName, input.middleName, input.lastName].filter((s) => s && s.trim()).join(' '),
  };
  await app.db.transaction(async (tx) => {
    await tx.update(users).set({ personal, updatedAt: app.config.now() }).where(eq(users.id, me.id));
    await audit(tx, actor, 'settings.profile', { type: 'user', id: me.id });
  });
  return reload(app.db, me.id);
}

/* ---------- Policy & Terms ---------- */

export async function getPolicyAndTerms(db: Db, ownerUserId: string): Promise<PolicyAndTermsContent> {
  const [row] = await db.select().from(policyAndTerms).where(eq(policyAndTerms.ownerUserId, ownerUserId)).limit(1);
  return {
    privacyPolicyHtml: sanitizeHtml(row?.privacyPolicyHtml ?? ''),
    termsHtml: sanitizeHtml(row?.termsHtml ?? ''),
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/** Saves the owner's Policy & Terms, sanitized (the register page of their invited customers shows it). */
export async function savePolicyAndTerms(
  app: FastifyInstance,
  actor: Actor,
  input: PolicyAndTermsInput,
): Promise<PolicyAndTermsContent> {
  const me = await reload(app.db, actor.userId);
  const now = app.config.now();
  const values = {
    privacyPolicyHtml: sanitizeHtml(input.privacyPolicyHtml),
    termsHtml: sanitizeHtml(input.termsHtml),
    updatedAt: now,
  };
  await app.db.transaction(async (tx) => {
    await tx
      .insert(policyAndTerms)
      .values({ ownerUserId: me.id, ...values, createdAt: now })
      .onConflictDoUpdate({ target: policyAndTerms.ownerUserId, set: values });
    await audit(tx, actor, 'settings.policy-and-terms', { type: 'user', id: me.id });
  });
  return getPolicyAndTerms(app.db, me.id);
}
