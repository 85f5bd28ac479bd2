import { AppError, branchListingSchema, compareText, dataEnvelope, ErrorCodes } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { distanceMetres } from '../../lib/geo';
import { decimalParam } from '../../lib/params';
import { findBranch, listSurveyBranches } from '../../queries/branches';
import { errorResponses } from '../error-responses';
import type { RouteDeps } from './index';

const querystring = z.object({ latitude: decimalParam(-90, 90), longitude: decimalParam(-180, 180) });
const response = dataEnvelope(z.object({ branches: z.array(branchListingSchema) }));

/**
 * survey.branch: the branches a guest can pick (web: the slug's survey; app: the device's branch).
 * With both coordinates they come nearest first with `distance` in metres.
 */
export const surveyBranchRoute: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  app.get(
    '/branch',
    { schema: { tags: ['survey'], querystring, response: { 200: response, ...errorResponses } } },
    async (request) => {
      const { latitude, longitude } = request.query;
      if ((latitude === undefined) !== (longitude === undefined)) {
        const missing = latitude === undefined ? 'latitude' : 'longitude';
        throw new AppError(ErrorCodes.PARAMETER_MISSING, {
          message: `Missing parameter: ${missing} (give both coordinates or neither)`,
          detail: {
            fields: [{ field: missing, in: 'querystring', message: 'Required with the other coordinate' }],
          },
        });
      }
      const { ctx } = request;
      const list = ctx.survey
        ? await listSurveyBranches(db, ctx.survey.id)
        : [await findBranch(db, ctx.company.id, ctx.branchId ?? 0)].filter((b) => b !== null);

      const withDistance = list.map((b) => ({
        ...b,
        distance:
          latitude !== undefined && longitude !== undefined && b.latitude !== null && b.longitude !== null
            ? Math.round(distanceMetres(latitude, longitude, b.latitude, b.longitude))
            : null,
      }));
      withDistance.sort((a, b) => {
        if (a.distance !== b.distance) {
          if (a.distance === null) return 1;
          if (b.distance === null) return -1;
          return a.distance - b.distance;
        }
        return compareText(a.name, b.name) || a.id - b.id;
      });
      return { data: { branches: withDistance } };
    },
  );
};
