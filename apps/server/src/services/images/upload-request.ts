import type { Readable } from 'node:stream';
import type { Multipart } from '@fastify/multipart';
import { AppError, ErrorCodes, PHOTO_MAX_BYTES } from '@venue-voice/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { uploadRejected } from './process';

/** The `json` part: what the upload is. One kind today, the guest's photo of the visit. */
export const uploadJsonSchema = z.object({
  kind: z.enum(['photo']).default('photo').describe('What the image is: the guest photo of the visit'),
});
export type UploadJson = z.infer<typeof uploadJsonSchema>;

/** The json part is tiny; anything longer is not what a client sends. */
export const JSON_PART_MAX_BYTES = 16_384;

/** Options for @fastify/multipart on the upload route: the busboy limits every request meets. */
export const multipartOptions = {
  // We count bytes ourselves and stop at the limit; the plugin's own error would not say 10027.
  throwFileSizeLimit: false,
  // `image` is a file part even without a filename; `json` may come as a text field or as a Blob.
  isPartAFile: (name: string | undefined, _type: string | undefined, filename: string | undefined) =>
    name !== 'json' || filename !== undefined,
  limits: {
    // Busboy hands over at most this much of a file and drops the rest; we refuse at exactly it (G5.20).
    fileSize: PHOTO_MAX_BYTES,
    fieldSize: JSON_PART_MAX_BYTES,
    fieldNameSize: 100,
    fields: 2,
    files: 2,
    parts: 2,
    headerPairs: 20,
  },
};

const field = (name: string, message: string) => ({ fields: [{ field: name, in: 'body', message }] });
const invalid = (name: string, message: string) =>
  new AppError(ErrorCodes.PARAMETER_VALUE_INVALID, { message, detail: field(name, message) });
const malformed = (message: string, reason: string) =>
  new AppError(ErrorCodes.MALFORMED_REQUEST, { message, detail: { reason } });

/**
 * Reads a part's stream up to `limit` bytes (exclusive). At the limit the stream is destroyed, which
 * also stops the request being read any further, and `onLimit` names the error.
 */
async function readUpTo(stream: Readable, limit: number, onLimit: () => Error): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    total += (chunk as Buffer).length;
    if (total >= limit) {
      stream.destroy();
      throw onLimit();
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw invalid('json', 'The json part is not valid JSON');
  }
}

/** Maps what the multipart plugin and busboy throw to the spec's codes (they would otherwise be 500). */
function multipartFailure(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_INVALID_JSON_FIELD_ERROR') return invalid('json', 'The json part is not valid JSON');
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return malformed('Too many parts: send one json part and one image part', String(code));
  }
  return malformed('The multipart body could not be read', typeof code === 'string' ? code : 'multipart');
}

export interface UploadParts {
  json: unknown;
  image: Buffer;
}

/**
 * The upload's two parts, streamed: the image is held only up to PHOTO_MAX_BYTES, the json part only
 * up to JSON_PART_MAX_BYTES. 10026 for a body that is not multipart, 10008 for a missing (or empty)
 * part, 10009 for an unknown, repeated or unreadable one, 413 10027 for an image at the limit. The
 * console's image-only uploads (a logo, a member's photo) pass `jsonOptional`.
 */
export async function readUploadParts(
  request: FastifyRequest,
  options: { jsonOptional?: boolean } = {},
): Promise<UploadParts> {
  if (!request.isMultipart()) {
    throw malformed('Send multipart/form-data with a json part and an image part', 'notMultipart');
  }
  let json: unknown;
  let image: Buffer | undefined;
  const seen = new Set<string>();
  try {
    for await (const part of request.parts() as AsyncIterable<Multipart>) {
      const name = part.fieldname;
      if (name !== 'json' && name !== 'image') {
        throw invalid(
          name.slice(0, 100),
          `Unknown part "${name.slice(0, 100)}": send a json part and an image part`,
        );
      }
      if (seen.has(name)) throw invalid(name, `The ${name} part was given more than once`);
      seen.add(name);

      if (part.type === 'file' && name === 'image') {
        image = await readUpTo(part.file, PHOTO_MAX_BYTES, () =>
          uploadRejected(
            'tooLarge',
            `The photo must be under ${PHOTO_MAX_BYTES.toLocaleString('en-GB')} bytes`,
            {
              limit: PHOTO_MAX_BYTES,
            },
          ),
        );
      } else if (part.type === 'file') {
        const bytes = await readUpTo(part.file, JSON_PART_MAX_BYTES, () =>
          invalid('json', 'The json part is too long'),
        );
        json = bytes.length === 0 ? undefined : parseJsonText(bytes.toString('utf8'));
      } else if (part.valueTruncated) {
        throw invalid('json', 'The json part is too long');
      } else if (typeof part.value === 'string') {
        json = part.value.trim() === '' ? undefined : parseJsonText(part.value);
      } else {
        // The plugin already parsed a part sent as application/json.
        json = part.value;
      }
    }
  } catch (error) {
    throw multipartFailure(error);
  }

  const missing = [
    ...(json === undefined && !options.jsonOptional ? ['json'] : []),
    ...(image === undefined || image.length === 0 ? ['image'] : []),
  ];
  if (missing.length > 0 || image === undefined) {
    throw new AppError(ErrorCodes.PARAMETER_MISSING, {
      message: `Missing part: ${missing.join(', ')}`,
      detail: { fields: missing.map((name) => ({ field: name, in: 'body', message: 'Required' })) },
    });
  }
  return { json, image };
}

/** The json part checked against uploadJsonSchema (10009 naming the fields otherwise). */
export function parseUploadJson(value: unknown): UploadJson {
  const parsed = uploadJsonSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const fields = parsed.error.issues.map((issue) => ({
    field: ['json', ...issue.path.map(String)].join('.'),
    in: 'body',
    message: issue.message,
  }));
  throw new AppError(ErrorCodes.PARAMETER_VALUE_INVALID, {
    message: `Invalid value for: ${fields.map((f) => f.field).join(', ')}`,
    detail: { fields },
  });
}
