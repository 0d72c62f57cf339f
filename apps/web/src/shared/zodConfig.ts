import { config } from 'zod';

/*
 * The content security policy allows no eval. Left to itself, zod probes for eval with
 * `new Function` before its first parse, and the browser reports the probe as a policy
 * violation. Every module that parses with a schema imports this first; the first load, which
 * parses none, carries no zod.
 */
config({ jitless: true });
