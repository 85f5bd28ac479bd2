import { alertRuleSchema, dataEnvelope, operatorRoleSchema } from '@venue-voice/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idPathParam } from '../../../lib/params';
import type { AlertRuleContext } from '../../../services/alerts';
import { operatorActor } from '../../../services/audit/record';
import type { ConsoleRouteDeps } from '../shared';

export const ruleParams = z.object({ id: idPathParam() });
export const ruleAnswer = dataEnvelope(z.object({ rule: alertRuleSchema }));

/** What a rule's form offers: recipients the caller may name and the company's surveys' indicators. */
export const listAnswer = dataEnvelope(
  z.object({
    rules: z.array(alertRuleSchema),
    recipients: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        email: z.string(),
        role: operatorRoleSchema,
        branchIds: z.union([z.array(z.number().int()), z.literal('all')]),
      }),
    ),
    indicators: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        min: z.number(),
        max: z.number(),
        surveys: z.array(z.string()),
      }),
    ),
  }),
);

/** The signed-in operator changing rules: audited as themselves, at the app's time. */
export const ruleContext = (deps: ConsoleRouteDeps, request: FastifyRequest): AlertRuleContext => ({
  db: deps.db,
  operator: request.operator,
  actor: operatorActor(request.operator),
  now: deps.clock.now(),
});
