import { AppError, ErrorCodes } from '@venue-voice/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/** One field a request got wrong; `missing` when it is absent rather than of the wrong shape. */
export interface FieldProblem {
  field: string;
  in: string;
  message: string;
  missing: boolean;
}

/** The value at `path` inside `value`, undefined where the path leaves the object. */
export function valueAtPath(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/**
 * Schema failures as api.md answers them: 10008 naming only the absent fields when any is absent (the
 * client has a field to add), else 10009 naming every field. Request schemas and batch items alike.
 */
export function fieldProblemsError(problems: readonly FieldProblem[]): AppError {
  const missing = problems.filter((p) => p.missing);
  const named = missing.length > 0 ? missing : problems;
  const fields = named.map(({ missing: _, ...p }) => p);
  const list = named.map((p) => p.field).join(', ');
  return missing.length > 0
    ? new AppError(ErrorCodes.PARAMETER_MISSING, {
        message: `Missing parameter: ${list}`,
        detail: { fields },
      })
    : new AppError(ErrorCodes.PARAMETER_VALUE_INVALID, {
        message: `Invalid value for: ${list}`,
        detail: { fields },
      });
}

/** Request schema failures, read from the part of the request (`context`) each issue names. */
function validationError(error: FastifyError, request: FastifyRequest): AppError {
  const issues = hasZodFastifySchemaValidationErrors(error) ? error.validation : (error.validation ?? []);
  const context = error.validationContext;
  const sources: Record<string, unknown> = {
    querystring: request.query,
    body: request.body,
    params: request.params,
    headers: request.headers,
  };
  const source = sources[context ?? 'querystring'];
  return fieldProblemsError(
    issues.map((issue) => {
      const path = issue.instancePath.split('/').filter(Boolean);
      return {
        field: path.join('.') || String(context ?? 'request'),
        in: String(context ?? 'request'),
        message: issue.message ?? 'Invalid value',
        missing: issue.instancePath !== '' && valueAtPath(source, path) === undefined,
      };
    }),
  );
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

/**
 * Node's "aborted" (ECONNRESET): the connection closed while the body was read, by the client or by the
 * request deadline (decision 0192). Nobody is left to answer and it is no fault of ours: a 10026 logged
 * at info, not a 500 "request failed".
 */
function bodyAborted(error: FastifyError): AppError | null {
  if (error.code !== 'ECONNRESET' || error.message !== 'aborted') return null;
  return new AppError(ErrorCodes.MALFORMED_REQUEST, {
    message: 'The request was not received whole',
    detail: { reason: 'aborted' },
  });
}

/** The unknown-route answer (404 10002), for paths no route or file answers. */
const unknownRoute = (request: FastifyRequest) =>
  new AppError(ErrorCodes.UNKNOWN_ROUTE, {
    message: `Unknown route: ${request.method} ${request.url.split('?')[0]}`,
  });

/**
 * What the file server under the docs page (@fastify/static, @fastify/send) refuses. A path climbing out
 * of its folder (`static/%2e%2e/…`: FST_STATIC_FORBIDDEN_PATH, or send's 403) or holding a NUL (400)
 * names no file: 404 10002 like any unknown path (issue 27: they were 500s). A range or precondition
 * it cannot meet (send's http-errors 416, 412) keeps its status with 10026.
 */
function fileServingError(error: FastifyError & { expose?: unknown }, request: FastifyRequest) {
  if (error.code === 'FST_STATIC_FORBIDDEN_PATH') return unknownRoute(request);
  const status = error.statusCode;
  if (error.expose !== true || typeof status !== 'number' || status < 400 || status >= 500) return null;
  if (status === 400 || status === 403 || status === 404) return unknownRoute(request);
  return new AppError(ErrorCodes.MALFORMED_REQUEST, { detail: { reason: error.name }, status });
}

/** Maps anything thrown to the one error body of api.md; a fault of ours never shows its internals. */
export function toAppError(error: unknown, request: FastifyRequest): AppError {
  if (error instanceof AppError) return error;
  const fastifyError = error as FastifyError;
  if (fastifyError && typeof fastifyError === 'object') {
    if (isResponseSerializationErrorSafe(fastifyError)) return new AppError(ErrorCodes.INTERNAL);
    if (Array.isArray(fastifyError.validation)) return validationError(fastifyError, request);
    const readError =
      requestReadError(fastifyError) ?? bodyAborted(fastifyError) ?? fileServingError(fastifyError, request);
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
    // A limit's refusal says when to come back (RFC 9110 Retry-After), whoever threw it.
    const retryAfter = appError.detail?.retryAfterSeconds;
    if (appError.status === 429 && typeof retryAfter === 'number' && !reply.hasHeader('retry-after'))
      reply.header('retry-after', String(retryAfter));
    return reply.status(appError.status).send(appError.toBody());
  });

  app.setNotFoundHandler((request, reply) => {
    const error = unknownRoute(request);
    return reply.status(error.status).send(error.toBody());
  });
}
