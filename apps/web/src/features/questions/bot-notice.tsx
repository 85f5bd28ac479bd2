import { useTranslation } from 'react-i18next';
import { env } from '../../config/env';
import { isAppMode } from '../../platform/device-session';

const LINKS: Record<string, string> = {
  privacy: 'https://policies.google.com/privacy',
  terms: 'https://policies.google.com/terms',
};

/**
 * The notice's words with its two links marked `<privacy>…</privacy>` and `<terms>…</terms>`, cut into
 * plain parts and link parts. Not react-i18next's Trans: it would put 4 kB gzip on the guest's first
 * screen (the library's code is one chunk loaded at start, decision 0133).
 */
const noticeParts = (text: string) =>
  text.split(/(<(?:privacy|terms)>.*?<\/(?:privacy|terms)>)/).map((part) => {
    const link = /^<(privacy|terms)>(.*)<\/\1>$/.exec(part);
    return link ? { href: LINKS[link[1] as string], text: link[2] as string } : { href: null, text: part };
  });

/**
 * Google's notice for a hidden reCAPTCHA badge (guest-flow.md §7 hides it; Google's terms then ask for
 * the notice in the user flow): under the survey's buttons, the screens the answers are sent from.
 * Only a web build with a site key shows it; a tablet's creates are not bot-checked (decision 0200).
 */
export function BotNotice() {
  const { t } = useTranslation('questions');
  if (!env.recaptchaSiteKey || isAppMode()) return null;
  return (
    <p className="quiz__bot-notice">
      {noticeParts(t('botNotice')).map((part, index) =>
        part.href ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed sentence, never reordered
          <a key={index} href={part.href} target="_blank" rel="noreferrer">
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}
