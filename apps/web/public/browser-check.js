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
  // Read now: currentScript is this element only while this file runs.
  var thisScript = doc.currentScript;
  var modules = 'noModule' in doc.createElement('script');
  var internetExplorer = !!doc.documentMode;
  var es2022 = typeof Object.hasOwn === 'function' && typeof Array.prototype.at === 'function';
  if (modules && es2022 && !internetExplorer) {
    startApp();
    return;
  }

  /*
   * A page the server rendered (decision 0169) names the app's module script here (data-app, with
   * data-preload) instead of in its head: it is requested once the server's HTML has been painted, so
   * the paint waits for no script on a slow link. index.html as built names its script itself.
   */
  function startApp() {
    var app = thisScript && thisScript.getAttribute('data-app');
    if (!app) return;
    var preload = (thisScript.getAttribute('data-preload') || '').split(' ');
    var started = false;
    function add(tag, attributes) {
      var element = doc.createElement(tag);
      var name;
      for (name in attributes) element.setAttribute(name, attributes[name]);
      doc.head.appendChild(element);
    }
    function start() {
      var i;
      if (started) return;
      started = true;
      for (i = 0; i < preload.length; i++) {
        if (preload[i]) add('link', { rel: 'modulepreload', crossorigin: '', href: preload[i] });
      }
      add('script', { type: 'module', crossorigin: '', src: app });
    }
    // A frame callback runs before its paint, a task queued from it after. A hidden tab paints
    // nothing, so it starts at once; a browser that paints no frames starts after 250 ms.
    if (doc.visibilityState === 'hidden' || !window.requestAnimationFrame) return start();
    window.requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
    setTimeout(start, 250);
  }

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
