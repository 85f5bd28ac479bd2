// This file must run in Internet Explorer: ES3 syntax only (no arrows, templates, optional chains).
// biome-ignore-all lint/complexity/useArrowFunction: ES3 syntax for old browsers
// biome-ignore-all lint/complexity/useOptionalChain: ES3 syntax for old browsers
// biome-ignore-all lint/style/useTemplate: ES3 syntax for old browsers
/*
 * Venue Voice: tells a browser that cannot run the app that it is out of date (guest-flow.md §8),
 * with an upgrade link. The app's bundle is an ES2022 module, so Internet Explorer and browsers
 * without modules never run it, and browsers without ES2022's built-ins fail inside it; this file runs
 * before it, in ES3 syntax, as a classic script (external, so a content security policy needs no
 * inline script). Browsers that run the bundle are checked again by the app (decision 0071).
 */
(function () {
  var doc = document;
  var modules = 'noModule' in doc.createElement('script');
  var internetExplorer = !!doc.documentMode;
  var es2022 = typeof Object.hasOwn === 'function' && typeof Array.prototype.at === 'function';
  if (modules && es2022 && !internetExplorer) return;

  // The core catalogue's browser.outdated and the frame's outdated.upgrade, as \u escapes so any
  // charset reads them.
  var texts = {
    en: [
      'Your browser is out of date and some features may not work. Please upgrade your browser.',
      'Upgrade your browser',
    ],
    de: [
      'Ihr Browser ist veraltet und einige Funktionen funktionieren m\u00f6glicherweise nicht. Bitte aktualisieren Sie Ihren Browser.',
      'Browser aktualisieren',
    ],
    it: [
      'Il tuo browser non \u00e8 aggiornato e alcune funzioni potrebbero non funzionare. Aggiorna il browser.',
      'Aggiorna il browser',
    ],
    es: [
      'Tu navegador est\u00e1 desactualizado y es posible que algunas funciones no est\u00e9n disponibles. Actualiza tu navegador.',
      'Actualiza tu navegador',
    ],
  };
  var nav = window.navigator;
  var language = String((nav.languages && nav.languages[0]) || nav.language || nav.userLanguage || 'en');
  var text = texts[language.slice(0, 2).toLowerCase()] || texts.en;

  var box = doc.createElement('div');
  box.className = 'outdated-browser';
  box.setAttribute('role', 'alert');
  box.style.cssText =
    'padding:1rem;background:#7c2d12;color:#fff;font:16px/1.5 Arial,sans-serif;text-align:center';
  var message = doc.createElement('p');
  message.style.margin = '0';
  message.appendChild(doc.createTextNode(text[0] + ' '));
  var link = doc.createElement('a');
  link.href = 'https://www.whatismybrowser.com/guides/how-to-update-your-browser/';
  link.rel = 'noopener noreferrer';
  link.target = '_blank';
  link.style.color = '#fff';
  link.appendChild(doc.createTextNode(text[1]));
  message.appendChild(link);
  box.appendChild(message);
  // Outside #root, so the app (if it runs at all) never replaces it.
  doc.body.insertBefore(box, doc.body.firstChild);
})();
