import { AppError, ErrorCodes } from '@venue-voice/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

interface FieldProblem {
  field: string;
  in: string;
  message: string;
}

/** Reads the value at a validation issue's path (`/a/b`) from the part of the request it came from. */
function valueAt(request: FastifyRequest, context: string | undefined, instancePath: string): unknown {
  const source: Record<string, unknown> = {
    querystring: request.query,
    body: request.body,
    params: request.params,
    headers: request.headers,
  };
  let value = source[context ?? 'querystring'];
  for (const key of instancePath.split('/').filter(Boolean)) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** Request schema failures: 10008 when something required is absent, else 10009; detail names the fields. */
function validationError(error: FastifyError, request: FastifyRequest): AppError {
  const issues = hasZodFastifySchemaValidationErrors(error) ? error.validation : (error.validation ?? []);
  const context = error.validationContext;
  const problems = issues.map((issue) => ({
    field: issue.instancePath.split('/').filter(Boolean).join('.') || String(context ?? 'request'),
    in: String(context ?? 'request'),
    message: issue.message ?? 'Invalid value',
    missing: issue.instancePath !== '' && valueAt(request, context, issue.instancePath) === undefined,
  }));
  const missing: FieldProblem[] = problems.filter((p) => p.missing).map(({ missing: _, ...p }) => p);
  if (missing.length > 0) {
    return new AppError(ErrorCodes.PARAMETER_MISSING, {
      message: `Missing parameter: ${missing.map((f) => f.field).join(', ')}`,
      detail: { fields: missing },
    });
  }
  return new AppError(ErrorCodes.PARAMETER_VALUE_INVALID, {
    message: `Invalid value for: ${problems.map((f) => f.field).join(', ')}`,
    detail: { fields: problems.map(({ missing: _, ...p }) => p) },
  });
}

/** Errors Fastify raises itself while reading a request (bad JSON, content type, size): 10026. */
function requestReadError(error: FastifyError): AppError | null {
  if (typeof error.code !== 'string' || !error.code.startsWith('FST_ERR_')) return null;
  const status = error.statusCode ?? 500;
  if (status < 400 || status >= 500) return null;
  return new AppError(ErrorCodes.MALFORMED_REQUEST, {
    message:
      error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'Unsupported content type' : 'Malformed request',
    detail: { reason: error.code },
    // Keep Fastify's more precise status where it has one (413 for a body that is too large).
    status: status === 413 ? 413 : 400,
  });
}

/** Maps anything thrown to the one error body of api.md; a fault of ours never shows its internals. */
export function toAppError(error: unknown, request: FastifyRequest): AppError {
  if (error instanceof AppError) return error;
  const fastifyError = error as FastifyError;
  if (fastifyError && typeof fastifyError === 'object') {
    if (isResponseSerializationErrorSafe(fastifyError)) return new AppError(ErrorCodes.INTERNAL);
    if (Array.isArray(fastifyError.validation)) return validationError(fastifyError, request);
    const readError = requestReadError(fastifyError);
    if (readError) return readError;
  }
  return new AppError(ErrorCodes.INTERNAL);
}

function isResponseSerializationErrorSafe(error: FastifyError): boolean {
  return error.code === 'FST_ERR_RESPONSE_SERIALIZATION' && isResponseSerializationError(error);
}

/** THE error handler and the unknown-route handler (404 10002). */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const appError = toAppError(error, request);
    if (appError.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: appError.code }, appError.message);
    return reply.status(appError.status).send(appError.toBody());
  });

  app.setNotFoundHandler((request, reply) => {
    const error = new AppError(ErrorCodes.UNKNOWN_ROUTE, {
      message: `Unknown route: ${request.method} ${request.url.split('?')[0]}`,
    });
    return reply.status(error.status).send(error.toBody());
  });
}
