import { useTranslation } from 'react-i18next';
import { Tag } from 'antd';
import { runtimeStates } from '@platform/contract';

const colors: Record<number, string> = {
  [runtimeStates.stopped]: 'default',
  [runtimeStates.starting]: 'processing',
  [runtimeStates.running]: 'success',
};

/**
 * The runtime state of an environment for its user: stopped, starting or running; on the lab's
 * own page also stopping, and stopped once it stopped there while shown.
 */
export function RuntimeStateTag({
  state,
  stopping = false,
  stopped = false,
}: {
  state: number;
  stopping?: boolean;
  stopped?: boolean;
}) {
  const { t } = useTranslation();
  if (stopping) return <Tag color="warning">{t('labs.containerStates.Stopping')}</Tag>;
  if (stopped) return <Tag color="default">{t('labs.containerStates.Stopped')}</Tag>;
  const known = state === 1 || state === 2 ? state : 0;
  return <Tag color={colors[known]}>{t(`labs.states.${known}`)}</Tag>;
}
