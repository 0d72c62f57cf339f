/**
 * Lighthouse with its mobile defaults (a mid-range phone, throttled network and CPU) on /login
 * and /home/index of the built platform, in Debian's Chromium, each page three times; the median
 * run is reported. Budgets: performance score ≥ 0.9, LCP ≤ 2.5 s, CLS ≤ 0.1.
 * Usage: npm run build && npm run bench:lighthouse
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumLaunchOptions } from '../e2e/chromium';
import { startBuiltApp } from './built-app';

const pages = ['/login', '/home/index'];
const runs = Number(process.env.RUNS ?? 3);
const app = await startBuiltApp(8192);
const chrome = await chromeLauncher.launch({
  chromePath: chromiumLaunchOptions.executablePath,
  chromeFlags: ['--headless=new', ...chromiumLaunchOptions.args],
});

interface Run {
  score: number;
  lcp: number;
  cls: number;
  fcp: number;
  tbt: number;
}

let ok = true;
try {
  for (const page of pages) {
    const results: Run[] = [];
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(`${app.base}${page}`, {
        port: chrome.port,
        onlyCategories: ['performance'],
        output: 'json',
        logLevel: 'error',
      });
      const audits = result!.lhr.audits;
      results.push({
        score: result!.lhr.categories.performance!.score ?? 0,
        lcp: audits['largest-contentful-paint']!.numericValue ?? Infinity,
        cls: audits['cumulative-layout-shift']!.numericValue ?? Infinity,
        fcp: audits['first-contentful-paint']!.numericValue ?? Infinity,
        tbt: audits['total-blocking-time']!.numericValue ?? Infinity,
      });
    }
    results.sort((a, b) => a.score - b.score);
    const median = results[Math.floor(results.length / 2)]!;
    const pass = median.score >= 0.9 && median.lcp <= 2500 && median.cls <= 0.1;
    ok &&= pass;
    console.log(
      `${page.padEnd(12)} performance ${median.score.toFixed(2)}, LCP ${(median.lcp / 1000).toFixed(2)} s, CLS ${median.cls.toFixed(3)}, FCP ${(median.fcp / 1000).toFixed(2)} s, TBT ${median.tbt.toFixed(0)} ms (median of ${runs}; scores ${results.map((r) => r.score.toFixed(2)).join(', ')})${pass ? '' : '  OVER BUDGET'}`,
    );
  }
} finally {
  chrome.kill();
  await app.stop();
}
process.exitCode = ok ? 0 : 1;
