import { AppError, ErrorCodes } from '@venue-voice/domain';
import { and, eq, or } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/connection';
import { companies, staffMembers } from '../db/schema';
import { parseCanonicalId } from '../lib/params';
import { findPhoto, PHOTO_FILE, photoUrl } from '../services/images/photo-store';
import { type Storage, StorageError } from '../services/storage';

export interface UploadRouteDeps {
  db: Db;
  storage: Storage;
}

// What every answer of this route carries: the bytes are never run as a page or sniffed as one.
const SAFE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
  'referrer-policy': 'no-referrer',
} as const;
// A key names one content forever (a new photo gets a new key), so browsers may keep it; `private`
// keeps shared caches from holding a photo after the guest deleted it.
const CACHE_CONTROL = 'private, max-age=86400, immutable';

const params = z.object({ responseId: z.string().max(12), file: z.string().max(100) });
const staffParams = z.object({ branchId: z.string().max(12), file: z.string().max(100) });
const logoParams = z.object({ companyId: z.string().max(12), file: z.string().max(100) });

const notFound = () => new AppError(ErrorCodes.RESOURCE_NOT_FOUND, { message: 'No such upload' });

/**
 * GET /api/v1/uploads/photos/<responseId>/<file>: a response's current photo or thumbnail. The URL is
 * the capability (128 random bits, decision 0030): no headers are needed, so an <img> can show it, and
 * only the row's current keys are served, so a replaced or deleted photo is gone at once.
 */
export const uploadRoutes: FastifyPluginAsyncZod<UploadRouteDeps> = async (app, { db, storage }) => {
  app.get(
    '/photos/:responseId/:file',
    {
      schema: {
        tags: ['uploads'],
        description:
          'The bytes of a stored photo (image/jpeg); the URL comes from survey.upload.upsert. ' +
          'Unknown, replaced or deleted: 404 10014 with the error envelope.',
        params,
      },
    },
    async (request, reply) => {
      reply.headers(SAFE_HEADERS);
      const { responseId: rawId, file } = request.params;
      const responseId = parseCanonicalId(rawId);
      const match = PHOTO_FILE.exec(file);
      if (responseId === null || !match) throw notFound();
      const key = `photos/${responseId}/${file}`;
      const photo = await findPhoto(db, responseId);
      if (!photo || (key !== photo.storageKey && key !== photo.thumbnailKey)) throw notFound();

      return sendStored(request, reply, key, match, `photo-${responseId}${match[2] ?? ''}.jpg`);
    },
  );

  // A team member's current photo (manage.staff.*, decision 0112): only the keys a member row names.
  app.get(
    '/staff/:branchId/:file',
    {
      schema: {
        tags: ['uploads'],
        description: "The bytes of a team member's photo (image/jpeg); the URL comes from the staff edge.",
        params: staffParams,
      },
    },
    async (request, reply) => {
      reply.headers(SAFE_HEADERS);
      const branchId = parseCanonicalId(request.params.branchId);
      const match = PHOTO_FILE.exec(request.params.file);
      if (branchId === null || !match) throw notFound();
      const key = `staff/${branchId}/${request.params.file}`;
      const url = photoUrl(key);
      const [owner] = await db
        .select({ id: staffMembers.id })
        .from(staffMembers)
        .where(
          and(
            eq(staffMembers.branchId, branchId),
            or(eq(staffMembers.imageUrl, url), eq(staffMembers.thumbnailUrl, url)),
          ),
        )
        .limit(1);
      if (!owner) throw notFound();
      return sendStored(request, reply, key, match, `staff-${owner.id}${match[2] ?? ''}.jpg`);
    },
  );

  // A company's current logo (the console, decision 0210): only the key the company row names.
  app.get(
    '/logos/:companyId/:file',
    {
      schema: {
        tags: ['uploads'],
        description:
          "The bytes of a company's logo (image/jpeg); the URL comes from the surveys edge's branding.",
        params: logoParams,
      },
    },
    async (request, reply) => {
      reply.headers(SAFE_HEADERS);
      const companyId = parseCanonicalId(request.params.companyId);
      const match = PHOTO_FILE.exec(request.params.file);
      if (companyId === null || !match || match[2]) throw notFound();
      const key = `logos/${companyId}/${request.params.file}`;
      const [owner] = await db
        .select({ id: companies.id })
        .from(companies)
        .where(and(eq(companies.id, companyId), eq(companies.logoUrl, photoUrl(key))))
        .limit(1);
      if (!owner) throw notFound();
      return sendStored(request, reply, key, match, `logo-${companyId}.jpg`);
    },
  );

  async function sendStored(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    match: RegExpExecArray,
    name: string,
  ) {
    const etag = `"${match[1]}${match[2] ?? ''}"`;
    reply.header('etag', etag).header('cache-control', CACHE_CONTROL);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();

    const object = await storage.get(key).catch((error: unknown) => {
      if (!(error instanceof StorageError)) throw error;
      request.log.error({ err: error, key }, 'photo storage failed');
      throw new AppError(ErrorCodes.SERVICE_UNAVAILABLE, { message: 'Photo storage is unavailable' });
    });
    if (!object) {
      request.log.warn({ key }, 'an upload row names a file the storage does not have');
      throw notFound();
    }
    reply
      // Only JPEGs are ever stored (we re-encode), whatever a storage backend says about them.
      .type('image/jpeg')
      .header('content-disposition', `inline; filename="${name}"`);
    if (object.size !== null) reply.header('content-length', object.size);
    return reply.send(object.body);
  }
};
