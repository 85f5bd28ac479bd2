import { config } from 'zod';

// Before any schema is made (zod decides per object schema when it is created): zod's compiled
// parsers probe for `new Function`, which the page's Content-Security-Policy refuses and reports as a
// violation (decision 0137). The interpreted parsers give the same results, only a little slower.
config({ jitless: true });
