/** True when Accept-Encoding allows gzip (any q above 0); a guest's phone on a weak signal always does. */
export const acceptsGzip = (header: string | string[] | undefined): boolean =>
  typeof header === 'string' &&
  header
    .toLowerCase()
    .split(',')
    .some((part) => {
      const [coding, ...params] = part.split(';').map((v) => v.trim());
      if (coding !== 'gzip' && coding !== '*') return false;
      const q = params.find((p) => p.startsWith('q='));
      return q === undefined || Number(q.slice(2)) > 0;
    });
