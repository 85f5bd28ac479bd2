import type { FastifyReply, FastifyRequest } from 'fastify';
import { siteOrigin } from '../console/guards';
import type { RouteDeps } from './index';

/**
 * An onResponse hook: once a create, supplement or batch was answered (and so committed), the alert
 * pass runs in the background (decision 0247). Nothing is added to the submit's own transaction or
 * answer; the origin the guest or tablet reached is the mail links' when PUBLIC_URL is unset.
 */
export function kickAlerts(deps: Pick<RouteDeps, 'alerts' | 'publicUrl'>) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (!deps.alerts || reply.statusCode !== 200) return;
    let origin: string | undefined;
    try {
      origin = siteOrigin(request, deps.publicUrl);
    } catch {
      // A Host header no URL can hold: the links keep the last good origin.
    }
    deps.alerts.kick(origin);
  };
}
