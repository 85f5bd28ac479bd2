import { type GuestLinkItem, guestLink, QR_SOURCE } from '@venue-voice/domain';
import type { LinkTarget } from './targets';

/** Where the links point and where the console API serves the files (its base path, e.g. /api/v1/console). */
export interface LinkPlace {
  /** PUBLIC_URL, else the request's own origin. */
  origin: string;
  apiBase: string;
}

/** The links of a target, and of one of its tables when `table` is given (O4.1–O4.3). */
export function targetLinks(target: LinkTarget, origin: string, table?: number) {
  const at = { origin, slug: target.survey.slug, branchId: target.branch.id, table };
  return { url: guestLink(at), scanUrl: guestLink({ ...at, source: QR_SOURCE }) };
}

/** A target as `GET /console/links` lists it. */
export function guestLinkItem(target: LinkTarget, place: LinkPlace, table?: number): GuestLinkItem {
  const base = `${place.apiBase}/surveys/${target.survey.id}/branches/${target.branch.id}`;
  const query = table === undefined ? '' : `?table=${table}`;
  return {
    surveyId: target.survey.id,
    surveyName: target.survey.name,
    slug: target.survey.slug,
    branchId: target.branch.id,
    branchName: target.branch.name,
    language: target.survey.language,
    table: table ?? null,
    ...targetLinks(target, place.origin, table),
    files: {
      qrSvg: `${base}/qr.svg${query}`,
      qrPng: `${base}/qr.png${query}`,
      tableCards: `${base}/table-cards.pdf`,
    },
  };
}

/** A file name for a download: the slug's safe characters, the branch and what it is. */
export function fileName(target: LinkTarget, what: string, extension: string): string {
  const slug = target.survey.slug.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'survey';
  return `${slug}-branch-${target.branch.id}-${what}.${extension}`;
}
