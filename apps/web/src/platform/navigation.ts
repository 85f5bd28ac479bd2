/**
 * Full page loads, as opposed to router navigation. The spec asks for a hard redirect to /error-404
 * (G2, G8) so that no state of the bad address survives; kept in one module so tests can replace it.
 */
export function hardRedirect(path: string): void {
  window.location.replace(path);
}

export const NOT_FOUND_PATH = '/error-404';
