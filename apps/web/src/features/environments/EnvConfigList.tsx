import { EnvTable } from './EnvTable';

/** All environment configurations (environment-admin/configs). */
export function EnvConfigList() {
  return <EnvTable />;
}

/** My experiment environments: the ones I created (environment-admin/mine). */
export function MyEnvList() {
  return <EnvTable mine />;
}
