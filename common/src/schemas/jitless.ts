import { z } from 'zod';

// In a browser zod would probe `new Function` to compile fast object parsers; a strict Content-Security-
// Policy (ours has no 'unsafe-eval') reports that probe as a violation even though zod catches it. So in
// a browser the schemas run without compiling (a form's few fields lose nothing); the API keeps the fast
// path. Imported first by every schema module, before any schema is made.
if (typeof (globalThis as { window?: unknown }).window !== 'undefined') z.config({ jitless: true });
