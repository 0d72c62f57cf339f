/*
 * The content security policy allows no eval. Left to itself, zod probes for eval with
 * `new Function` before its first parse, and the browser reports the probe as a policy violation.
 * zod keeps its settings in `globalThis.__zod_globalConfig` and adopts the object it finds there
 * when it loads, so the entry switches the probe off (`jitless`) before any zod code runs, without
 * loading zod into the first load. `zodConfig.test.ts` checks that zod still reads it.
 */
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

const settings = globalThis.__zod_globalConfig;
if (settings) settings.jitless = true;
else globalThis.__zod_globalConfig = { jitless: true };

export {};
