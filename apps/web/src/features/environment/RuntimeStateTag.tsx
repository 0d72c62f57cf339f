import { useTranslation } from 'react-i18next';
import { Tag } from 'antd';
import { runtimeStates } from '@platform/contract';

const colors: Record<number, string> = {
  [runtimeStates.stopped]: 'default',
  [runtimeStates.starting]: 'processing',
  [runtimeStates.running]: 'success',
};

/** The runtime state of an environment for its user: stopped, starting or running. */
export function RuntimeStateTag({ state }: { state: number }) {
  const { t } = useTranslation();
  const known = state === 1 || state === 2 ? state : 0;
  return <Tag color={colors[known]}>{t(`environment.states.${known}`)}</Tag>;
}
