/** Where to go after signing in: a path of the console only (never another site: `//evil.test`, `https:`). */
export function safeNext(next: string | null): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  return next;
}
