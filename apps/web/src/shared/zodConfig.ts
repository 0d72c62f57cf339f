import { config } from 'zod';

/*
 * The content security policy allows no eval. Left to itself, zod probes for eval with
 * `new Function` before its first parse, and the browser reports the probe as a policy
 * violation on every page. Imported first by the entry, before any schema parses.
 */
config({ jitless: true });
