import fastifyMultipart from '@fastify/multipart';
import {
  forgotPasswordRequestSchema,
  registerRequestSchema,
  resendCodeRequestSchema,
  resetPasswordRequestSchema,
  updatePasswordRequestSchema,
  verifyLinkRequestSchema,
  verifyOtpRequestSchema,
} from '@postwise/shared/schemas/accounts';
import {
  accountTypeSchema,
  ADDRESS_ID_TYPES,
  PHOTO_ID_TYPES,
  signFormSchema,
} from '@postwise/shared/schemas/onboarding';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, successSchema } from '../../../lib/envelope';
import { filePart, multipartBody } from '../../../lib/openapi';
import { perUserRateLimit } from '../../../lib/rate-limit-keys';
import { getAuth, requireAuth, sessionOf } from '../access/authentication';
import { userSchema } from '../users/user-schema';
import { setAccountInfo, setAccountType, signForm } from './onboarding';
import { forgotPasswordRequest, resendCode, resetPassword, updatePassword } from './recovery';
import { register } from './register';
import { assertSameUser, requireScope } from './scoped-session';
import { readDocumentParts, UPLOAD_LIMITS, uploadDocuments } from './upload-documents';
import { verifyLink, verifyOtp } from './verify-otp';

// A missing field is an empty one, so it gets the spec 5 "is required" message rather than a type error.
const text = z.string().default('');

const registerBody = z
  .object({
    email: text,
    password: text,
    authMethod: z.unknown().optional(),
    parentUser: z.unknown().optional(),
    role: z.unknown().optional(),
    invitationToken: z.unknown().optional(),
  })
  .pipe(registerRequestSchema);
const forgotBody = z.object({ email: text, authMethod: z.unknown().optional() }).pipe(forgotPasswordRequestSchema);
const verifyBody = z
  .object({ authTokenId: text, activationCode: text, linkToken: z.unknown().optional() })
  .pipe(verifyOtpRequestSchema);
const verifyLinkBody = z.object({ linkToken: text }).pipe(verifyLinkRequestSchema);
const resendBody = z.object({ authTokenId: text }).pipe(resendCodeRequestSchema);
const resetBody = z.object({ password: text, userId: text }).pipe(resetPasswordRequestSchema);
const updatePasswordBody = z.object({ password: text, newPassword: text }).pipe(updatePasswordRequestSchema);
const accountTypeBody = z.object({ userId: text, accountType: z.unknown().default('') }).pipe(accountTypeSchema);
const signFormBody = z.object({ userId: text, signature: text }).pipe(signFormSchema);
const accountInfoBody = z.record(z.string(), z.unknown()).meta({
  description:
    'mailboxType, personal, business (only if business), authorizedIndividual (only if authorized), isCourtProtected, userId: checked with the shared accountInfoSchema for the stored account type',
});

const registerResult = z.object({ user: userSchema, authTokenId: z.uuid() }).meta({ id: 'RegisterResult' });
const verifyResult = z
  .union([z.object({ user: userSchema, accessToken: z.string() }), z.object({ id: z.uuid(), accessToken: z.string() })])
  .meta({
    id: 'VerifyOtpResult',
    description: 'Register flow: user + onboarding token. Forgot flow: id + reset token.',
  });
const authTokenResult = z.object({ authTokenId: z.uuid() });

const onboardingSecurity = [{ accessToken: [] }];

/** Registration, e-mailed codes, recovery, password change and the onboarding steps (spec 2.6, 2.7, 7). */
export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Encapsulated here: only upload-documents takes multipart, within these limits.
  await app.register(fastifyMultipart, { limits: UPLOAD_LIMITS, throwFileSizeLimit: true });

  app.post(
    '/auths/register/email',
    {
      schema: {
        tags: ['auths'],
        summary: 'Register with e-mail and password; e-mails a 4-digit code',
        description:
          'Invitation links are /register?parentUser=<admin user id>&role=<USER|SUB_ADMIN>; the web app passes both here, and the invitationToken of an e-mailed invitation (query `invitation`). An e-mail that already has an account answers the same shape and that account is left unchanged (its owner is e-mailed).',
        body: registerBody,
        response: { 200: successSchema(registerResult), ...failures(422, 429) },
      },
    },
    async (request) => ok(await register(app, request.body, request.ip)),
  );

  app.post(
    '/auths/verify-otp',
    {
      schema: {
        tags: ['auths'],
        summary: 'Verify an e-mailed code (register or forgot flow)',
        description:
          'After 10 wrong codes for an account within a day, the code works only with `linkToken`, the token of the link in the same e-mail (422 otherwise); the owner is e-mailed once.',
        body: verifyBody,
        response: { 200: successSchema(verifyResult), ...failures(409, 422, 429) },
      },
    },
    async (request) =>
      ok(await verifyOtp(app, request.body, { ip: request.ip, userAgent: request.headers['user-agent'] })),
  );

  app.post(
    '/auths/verify-link',
    {
      schema: {
        tags: ['auths'],
        summary:
          "Exchange the token of an e-mailed code's one-click link (/verify?linkToken=...) for what the code gives",
        body: verifyLinkBody,
        response: { 200: successSchema(verifyResult), ...failures(409, 422, 429) },
      },
    },
    async (request) =>
      ok(await verifyLink(app, request.body, { ip: request.ip, userAgent: request.headers['user-agent'] })),
  );

  app.post(
    '/auths/resend-code',
    {
      schema: {
        tags: ['auths'],
        summary: 'E-mail a new code for the same purpose; the previous one stops working',
        body: resendBody,
        response: { 200: successSchema(authTokenResult), ...failures(422, 429) },
      },
    },
    async (request) => ok(await resendCode(app, request.body.authTokenId, request.ip)),
  );

  app.post(
    '/auths/forgot-password',
    {
      schema: {
        tags: ['auths'],
        summary: 'E-mail a password reset code (same answer whether or not the e-mail has an account)',
        body: forgotBody,
        response: { 200: successSchema(authTokenResult), ...failures(422, 429) },
      },
    },
    async (request) => ok(await forgotPasswordRequest(app, request.body.email, request.ip)),
  );

  app.post(
    '/auths/reset-password',
    {
      onRequest: [requireScope('reset')],
      schema: {
        tags: ['auths'],
        summary: 'Set a new password with the reset token of a verified forgot code; ends every session',
        security: onboardingSecurity,
        body: resetBody,
        response: { 200: successSchema(z.null()), ...failures(401, 403, 422) },
      },
    },
    async (request) => {
      assertSameUser(request, request.body.userId);
      await resetPassword(app, request.body);
      return ok(null, 'Password updated. Please log in.');
    },
  );

  app.post(
    '/auths/update-password',
    {
      onRequest: [requireAuth],
      config: { rateLimit: perUserRateLimit(10, '15 minutes') },
      schema: {
        tags: ['auths'],
        summary: "Change the signed-in user's password; other sessions end",
        security: onboardingSecurity,
        body: updatePasswordBody,
        response: { 200: successSchema(z.null()), ...failures(401, 403, 422, 429) },
      },
    },
    async (request) => {
      const auth = getAuth(request);
      await updatePassword(app, { userId: auth.user.id, sessionId: sessionOf(request).id }, request.body);
      return ok(null, 'Password changed successfully.');
    },
  );

  app.post(
    '/auths/account-type',
    {
      onRequest: [requireScope('onboarding')],
      schema: {
        tags: ['onboarding'],
        summary: 'Choose Shipping Account and/or Virtual Mailbox (spec 6 rules)',
        security: onboardingSecurity,
        body: accountTypeBody,
        response: { 200: successSchema(userSchema), ...failures(401, 403, 409, 422) },
      },
    },
    async (request) => {
      const auth = assertSameUser(request, request.body.userId);
      return ok(await setAccountType(app, auth, request.body.accountType));
    },
  );

  app.post(
    '/auths/account-info',
    {
      onRequest: [requireScope('onboarding')],
      schema: {
        tags: ['onboarding'],
        summary: 'Personal, business, authorized-individual and court-protection details',
        security: onboardingSecurity,
        body: accountInfoBody,
        response: { 200: successSchema(userSchema), ...failures(401, 403, 409, 422) },
      },
    },
    async (request) => {
      const auth = assertSameUser(request, request.body.userId);
      return ok(await setAccountInfo(app, auth, request.body));
    },
  );

  app.post(
    '/auths/sign-form',
    {
      onRequest: [requireScope('onboarding')],
      schema: {
        tags: ['onboarding'],
        summary: 'Sign the mailbox rental contract with the typed name (date and IP kept)',
        security: onboardingSecurity,
        body: signFormBody,
        response: { 200: successSchema(userSchema), ...failures(401, 403, 409, 422) },
      },
    },
    async (request) => {
      const auth = assertSameUser(request, request.body.userId);
      return ok(await signForm(app, auth, request.body, request.ip));
    },
  );

  app.post(
    '/auths/upload-documents',
    {
      onRequest: [requireScope('onboarding')],
      schema: {
        tags: ['onboarding'],
        summary: 'Upload the IDs for USPS Form 1583 (multipart)',
        description:
          'Fields: userId, photoId, photoIdFile, addressId, addressIdFile, authorizedPhotoId(+File), authorizedAddressId(+File), courtOrder, courtOrderFile. Images or PDF by content, 10 MB each.',
        security: onboardingSecurity,
        documentedBody: multipartBody({
          userId: z.uuid().meta({ description: 'The applicant (the signed-in user)' }),
          photoId: z.enum(PHOTO_ID_TYPES),
          photoIdFile: filePart('The photo ID: image or PDF, 10 MB at most'),
          addressId: z.enum(ADDRESS_ID_TYPES).meta({ description: 'A different document from the photo ID' }),
          addressIdFile: filePart('The address ID: image or PDF, 10 MB at most'),
          authorizedPhotoId: z.enum(PHOTO_ID_TYPES).optional().meta({
            description: 'Required when an authorized individual was added at account info',
          }),
          authorizedPhotoIdFile: filePart("The authorized individual's photo ID").optional(),
          authorizedAddressId: z.enum(ADDRESS_ID_TYPES).optional(),
          authorizedAddressIdFile: filePart("The authorized individual's address ID").optional(),
          courtOrder: z.enum(['true', 'false']).optional().meta({ description: 'The applicant is court-protected' }),
          courtOrderFile: filePart('The court order (required when court-protected)').optional(),
        }),
        response: { 200: successSchema(z.literal(true)), ...failures(401, 403, 409, 422) },
      },
    },
    async (request) => {
      const upload = await readDocumentParts(request);
      const scoped = assertSameUser(request, upload.fields.userId);
      return ok(await uploadDocuments(app, { userId: scoped.user.id, sessionId: scoped.session.id }, upload));
    },
  );
};
