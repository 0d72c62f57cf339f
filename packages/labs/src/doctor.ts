/**
 * `npm run doctor`: what this host (or, with LAB_DRIVER=kubernetes, the cluster) has and lacks
 * for each lab kind, and how to install it.
 * Exits with 1 when a lab kind cannot run.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { kubernetesDriverFromEnv } from './index';
import { probeHost } from './local/host';

const report =
  process.env.LAB_DRIVER === 'kubernetes'
    ? await (await kubernetesDriverFromEnv()).host()
    : await probeHost(process.env.LABS_DIR ?? join(tmpdir(), 'platform-labs-doctor'));
const mark = (ok: boolean) => (ok ? 'ok     ' : 'MISSING');
console.log(`Lab host check (driver: ${report.driver})\n`);
for (const check of report.checks) {
  console.log(`  ${mark(check.ok)}  ${check.name.padEnd(20)} ${check.detail}`);
  if (check.install) console.log(`           ${''.padEnd(20)} -> ${check.install}`);
}
console.log('\nLab kinds on this host:');
const kinds: [string, { ok: boolean; missing: string[] }][] = [
  ['Terminal (kind 2)', report.runners.terminal],
  ['Jupyter (kind 3, JUPYTER-TERMINAL)', report.runners.jupyter],
  ['IoT device simulation (kind 1)', { ok: true, missing: [] }],
];
for (const [name, runner] of kinds) {
  console.log(
    `  ${mark(runner.ok)}  ${name}${runner.ok ? '' : `: needs ${runner.missing.join(', ')}`}`,
  );
}
console.log(
  '  n/a      ThingsBoard, ChirpStack, Home Assistant, JupyterHub, IndustryCloud, AppDesigner, EmbeddedEmulate, VMs:\n' +
    '           need container images or a hypervisor (Kubernetes driver); the local driver refuses them clearly',
);
const limits = report.enforced;
console.log(
  `\nLimits enforced here: cpu ${limits.cpu ? 'yes' : 'no'}, memory ${limits.memory ? 'yes' : 'no'}, ` +
    `disk ${limits.disk ? 'yes' : 'no'}, own uid ${limits.uid ? 'yes' : 'no'}, no network ${limits.network ? 'yes' : 'no'}, ` +
    `syscall filter ${limits.syscalls ? 'yes' : 'no'}`,
);
process.exitCode = report.runners.terminal.ok && report.runners.jupyter.ok ? 0 : 1;
