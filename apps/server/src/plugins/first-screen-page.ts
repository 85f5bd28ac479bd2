/**
 * The page around a server-rendered first screen (decision 0169): index.html as built, reshaped so
 * that its first paint waits for nothing but itself. Its style sheet is inlined (the CSP allows inline
 * styles, not scripts), and the app's module script and preloads are handed to browser-check.js,
 * which requests them once that paint is done: the server's HTML is the screen, and the app's
 * JavaScript (what hydrates it) no longer shares a slow link with the request the paint waits for.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ManifestChunk {
  file: string;
  name?: string;
  imports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** index.html with its app scripts and style sheet taken out, and what was taken. */
export interface PageTemplate {
  html: string;
  /** The app's module script ('/assets/index-….js'). */
  app: string;
  /** What index.html preloaded for it (modulepreload). */
  preloads: string[];
}

const APP_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;
const STYLE_SHEET = /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g;
/** browser-check.js, which starts the app on these pages (apps/web/public/browser-check.js). */
const BROWSER_CHECK = '<script src="/browser-check.js" defer></script>';

/** Text or an attribute value as HTML (the render's title, language, file names). */
export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Reshapes index.html for server-rendered pages; null when it is not the shape this expects. */
export function pageTemplate(index: string, distDir: string): PageTemplate | null {
  const app = APP_SCRIPT.exec(index)?.[1];
  if (!app || !index.includes(BROWSER_CHECK)) return null;
  const preloads = [...index.matchAll(PRELOAD)].map((match) => match[1] ?? '');
  let html = index.replace(APP_SCRIPT, '').replace(PRELOAD, '');
  for (const [tag, file] of [...index.matchAll(STYLE_SHEET)]) {
    const path = join(distDir, file ?? '');
    const css = existsSync(path) ? readFileSync(path, 'utf8') : '';
    // A sheet that could close its own element stays a link. Its fonts are not preloaded (decision
    // 0187): asked for with the page, they share the slow link with it and the paint comes later.
    if (css && !/<\/style/i.test(css)) html = html.replace(tag, `<style>${css}</style>`);
  }
  return { html, app, preloads };
}

/**
 * The files a rendered step needs beyond the app's own (its chunk, their imports, its language's
 * texts) and their style sheets, from Vite's manifest, less what index.html already loads.
 */
export function stepFiles(
  manifest: Manifest,
  modules: string[],
  language: string,
): { scripts: string[]; styles: string[] } {
  const keys = [
    ...modules,
    // One chunk per language (apps/web/vite.config.ts, decision 0133): texts-<language>.
    ...Object.keys(manifest).filter((key) => manifest[key]?.name === `texts-${language}`),
  ];
  const collect = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const css of chunk.css ?? []) into.add(css);
    for (const imported of chunk.imports ?? []) collect(imported, into);
  };
  const inPage = new Set<string>();
  collect('index.html', inPage);
  const wanted = new Set<string>();
  for (const key of keys) collect(key, wanted);
  const files = [...wanted].filter((file) => !inPage.has(file)).map((file) => `/${file}`);
  return {
    scripts: files.filter((file) => !file.endsWith('.css')),
    styles: files.filter((file) => file.endsWith('.css')),
  };
}

/** The step's style sheets in the head (its look is part of the paint), the app's code for later. */
export function withAppStart(
  page: PageTemplate,
  html: string,
  step: { scripts: string[]; styles: string[] },
): string {
  const styles = step.styles.map((file) => `<link rel="stylesheet" href="${escapeHtml(file)}">`).join('');
  const preload = [...page.preloads, ...step.scripts].map(escapeHtml).join(' ');
  return html
    .replace('</head>', `${styles}</head>`)
    .replace(
      BROWSER_CHECK,
      `<script src="/browser-check.js" defer data-app="${escapeHtml(page.app)}" data-preload="${preload}"></script>`,
    );
}
