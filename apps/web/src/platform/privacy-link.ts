import { RoutePath } from '@venue-voice/domain';

/**
 * Where a privacy policy link points (decisions 0068, 0070): the venue's own policy
 * (`statics.privacyPolicyUrl` of survey.config) when it is safe to link — an http(s) address with a
 * host, or a path on this site — else the app's own privacy notice at `/privacy`. The address comes
 * from the venue's settings, so a `javascript:` or protocol-relative (`//`, `/\`) value must never
 * become a link.
 */
export function privacyPolicyHref(configured: string | null | undefined): string {
  const value = configured?.trim() ?? '';
  if (/^https?:\/\/[^\s/]+\S*$/i.test(value)) return value;
  if (/^\/(?![/\\])\S*$/.test(value)) return value;
  return RoutePath.PRIVACY;
}
