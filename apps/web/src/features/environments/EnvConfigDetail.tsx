import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Card, Flex } from 'antd';
import { EmptyState, QueryStates } from '../../shared/ui/PageStates';
import { BackButton } from '../../shared/ui/BackButton';
import { useIdParam } from '../../shared/areaNavigation';
import { envQueryOptions } from './api';
import { EnvDetailInfo } from './EnvDetailInfo';
import { EnvUsagePanel } from './EnvUsagePanel';
import { ScriptTable } from './ScriptTable';
import { envAdminPaths } from './paths';

/** One environment (environment-admin/detail?id=): its fields, scripts and usage, read-only. */
export function EnvConfigDetail() {
  const { t } = useTranslation();
  const id = useIdParam();
  const env = useQuery({ ...envQueryOptions(id ?? ''), enabled: id !== null });

  const backButton = (
    <BackButton fallback={envAdminPaths.configs}>{t('environments.actions.back')}</BackButton>
  );
  if (id === null)
    return (
      <Card title={t('environments.titles.detail')} extra={backButton}>
        <EmptyState description={t('environments.detail.missingId')} />
      </Card>
    );

  return (
    <QueryStates query={env}>
      {(data) => (
        <Flex vertical gap={16}>
          <Card title={t('environments.titles.detailOf', { name: data.name })} extra={backButton}>
            <EnvDetailInfo env={data} />
          </Card>
          <Card title={t('environments.detail.scripts')}>
            <ScriptTable envId={id} readOnly />
          </Card>
          <Card title={t('environments.titles.usage')}>
            <EnvUsagePanel envId={id} />
          </Card>
        </Flex>
      )}
    </QueryStates>
  );
}
