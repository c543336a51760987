import fp from 'fastify-plugin';
import { wasAudited, writeAudit } from './service';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every write made while acting as another account is attributable: before the answer leaves,
 * a non-GET request of an impersonation session that did not write its own audit row gets one here
 * (who, as whom, which route, with which status). Bodies are never logged: they may hold passwords.
 */
export const auditTrail = fp(
  async (app) => {
    app.decorateRequest('auditWritten', false);
    app.addHook('onSend', async (request, reply, payload) => {
      const auth = request.auth;
      if (!auth?.impersonatorUserId || request.auditWritten || wasAudited(auth.actor) || READS.has(request.method))
        return payload;
      try {
        await writeAudit(app.db, {
          actorUserId: auth.impersonatorUserId,
          actingAsUserId: auth.user.id,
          action: `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`,
          targetType: 'request',
          targetId: null,
          details: { statusCode: reply.statusCode, params: request.params ?? {} },
          ip: request.ip,
        });
        request.auditWritten = true;
      } catch (err) {
        request.log.error({ err }, 'audit row for an impersonated request could not be written');
      }
      return payload;
    });
  },
  { name: 'audit-trail', dependencies: ['app-context', 'authentication'] },
);
