import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { idSchema } from '@platform/contract';
import { EmptyState, LoadFailed, LoadingState } from '../../shared/ui/PageStates';
import { envQueryOptions } from './api';
import { EnvDetailInfo } from './EnvDetailInfo';
import { EnvUsagePanel } from './EnvUsagePanel';
import { ScriptTable } from './ScriptTable';
import { envAdminPaths, useAreaNavigate } from './paths';

/** One environment (environment-admin/detail?id=): its fields, scripts and usage, read-only. */
export function EnvConfigDetail() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const go = useAreaNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const valid = idSchema.safeParse(id).success;
  const env = useQuery({ ...envQueryOptions(id), enabled: valid });

  const back = (
    <Button
      icon={<ArrowLeftOutlined />}
      // Opened directly (no history in the app): back to the list.
      onClick={() => void (location.key === 'default' ? go(envAdminPaths.configs) : navigate(-1))}
    >
      {t('envAdmin.actions.back')}
    </Button>
  );
  if (!valid)
    return (
      <Card title={t('envAdmin.titles.detail')} extra={back}>
        <EmptyState description={t('envAdmin.detail.missingId')} />
      </Card>
    );
  if (env.isPending) return <LoadingState />;
  if (env.isError) return <LoadFailed error={env.error} onRetry={() => void env.refetch()} />;

  return (
    <Flex vertical gap={16}>
      <Card title={t('envAdmin.titles.detailOf', { name: env.data.name })} extra={back}>
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
