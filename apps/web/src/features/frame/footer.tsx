import { APP_VERSION, RoutePath } from '@venue-voice/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { privacyPolicyHref } from '../../platform/privacy-link';
import { useGuestSession } from '../../shared/session/session-store';
import { isExternal } from './links';
import './frame.css';

/**
 * The footer of every screen (G2): the venue's copyright and privacy policy when the guest's session
 * holds its settings, otherwise the app's own; the product version (G9) and the install page.
 */
export function Footer() {
  const { t } = useTranslation('frame');
  const statics = useGuestSession((session) => session.config?.statics);
  const copyright = statics?.copyright?.trim() || t('footer.appCopyright');
  const privacy = privacyPolicyHref(statics?.privacyPolicyUrl);
  return (
    <footer className="footer">
      <p className="footer__copyright">{copyright}</p>
      <ul className="footer__links">
        <li>
          {privacy === RoutePath.PRIVACY ? (
            <Link to={privacy}>{t('footer.privacy')}</Link>
          ) : (
            // A venue's own page, possibly a file or another site: a plain link, a new tab when it
            // leaves the site so the guest keeps the survey.
            <a href={privacy} {...(isExternal(privacy) && { target: '_blank', rel: 'noopener noreferrer' })}>
              {t('footer.privacy')}
              {isExternal(privacy) && (
                <>
                  {' '}
                  <span className="visually-hidden">{t('footer.newTab')}</span>
                </>
              )}
            </a>
          )}
        </li>
        <li>
          <Link to={RoutePath.INSTALL}>{t('footer.install')}</Link>
        </li>
        <li className="footer__version">{t('footer.version', { version: APP_VERSION })}</li>
      </ul>
    </footer>
  );
}
