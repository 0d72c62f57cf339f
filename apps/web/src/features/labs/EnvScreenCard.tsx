import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Card } from 'antd';
import type { CenterDetail } from '@platform/contract';
import { useEnvPath } from './useEnvironment';

/** The frame of an environment's sub-screen: "name · screen" and a link back to the detail. */
export function EnvScreenCard(props: {
  detail: CenterDetail;
  screen: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const pathOf = useEnvPath();
  return (
    <Card
      title={`${props.detail.name} · ${props.screen}`}
      extra={<Link to={pathOf('detail', props.detail.id)}>{t('labs.back')}</Link>}
    >
      {props.children}
    </Card>
  );
}
