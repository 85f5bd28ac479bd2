/** Where the outdated-browser warning sends the guest: a neutral guide to updating any browser. */
export const BROWSER_UPGRADE_URL = 'https://www.whatismybrowser.com/guides/how-to-update-your-browser/';

/** True for a link that leaves this site (opened in a new tab so the guest keeps the survey). */
export const isExternal = (href: string): boolean => /^https?:\/\//i.test(href);
