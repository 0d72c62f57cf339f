import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { EmptyState, LoadFailed, LoadingState } from '../../shared/ui/PageStates';
import { useBack, useIdParam } from '../../shared/areaNavigation';
import { envQueryOptions } from './api';
import { EnvDetailInfo } from './EnvDetailInfo';
import { EnvUsagePanel } from './EnvUsagePanel';
import { ScriptTable } from './ScriptTable';
import { envAdminPaths } from './paths';

/** One environment (environment-admin/detail?id=): its fields, scripts and usage, read-only. */
export function EnvConfigDetail() {
  const { t } = useTranslation();
  const back = useBack(envAdminPaths.configs);
  const id = useIdParam();
  const env = useQuery({ ...envQueryOptions(id ?? ''), enabled: id !== null });

  const backButton = (
    <Button icon={<ArrowLeftOutlined />} onClick={back}>
      {t('envAdmin.actions.back')}
    </Button>
  );
  if (id === null)
    return (
      <Card title={t('envAdmin.titles.detail')} extra={backButton}>
        <EmptyState description={t('envAdmin.detail.missingId')} />
      </Card>
    );
  if (env.isPending) return <LoadingState />;
  if (env.isError) return <LoadFailed error={env.error} onRetry={() => void env.refetch()} />;

  return (
    <Flex vertical gap={16}>
      <Card title={t('envAdmin.titles.detailOf', { name: env.data.name })} extra={backButton}>
        <EnvDetailInfo env={env.data} />
      </Card>
      <Card title={t('envAdmin.detail.scripts')}>
        <ScriptTable envId={id} readOnly />
      </Card>
      <Card title={t('envAdmin.titles.usage')}>
        <EnvUsagePanel envId={id} />
      </Card>
    </Flex>
  );
}
