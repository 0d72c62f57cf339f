import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { Space } from 'antd';
import { envStateValues, type Environment } from '@platform/contract';
import { toast } from '../../shared/toast';
import { RowAction } from '../../shared/ui/RowActions';
import { useAreaNavigate } from '../../shared/areaNavigation';
import { envCopyMutationOptions, envRemoveMutationOptions, envUpdateMutationOptions } from './api';
import { updateBodyOf } from './envForm';
import { envAdminPaths } from './paths';
import { RemoveLink } from './RemoveLink';

const stateActions = { 1: 'enable', 2: 'disable', 3: 'archive' } as const;

interface EnvRowActionsProps {
  env: Environment;
  onEdit: (env: Environment) => void;
}

/** Row actions of an environment: details, edit, copy, state changes and remove. */
export function EnvRowActions({ env, onEdit }: EnvRowActionsProps) {
  const { t } = useTranslation();
  const go = useAreaNavigate();
  const copy = useMutation(envCopyMutationOptions());
  const remove = useMutation(envRemoveMutationOptions());
  const update = useMutation(envUpdateMutationOptions());
  const busy = copy.isPending || remove.isPending || update.isPending;
  // Failures are toasted by the request layer with the server's message.

  const setState = (state: 1 | 2 | 3) =>
    update.mutate(updateBodyOf(env, { state }), {
      onSuccess: () => toast.success(t('environments.done.stateChanged')),
    });

  return (
    <Space size={0} wrap>
      <RowAction onClick={() => go(envAdminPaths.detail, `?id=${env.id}`)}>
        {t('environments.actions.details')}
      </RowAction>
      <RowAction disabled={busy} onClick={() => onEdit(env)}>
        {t('environments.actions.edit')}
      </RowAction>
      <RowAction
        disabled={busy}
        onClick={() =>
          copy.mutate(env.id, {
            onSuccess: (created) =>
              toast.success(t('environments.done.copied', { name: created.name })),
          })
        }
      >
        {t('environments.actions.copy')}
      </RowAction>
      {envStateValues
        .filter((state) => state !== env.state)
        .map((state) => (
          <RowAction key={state} disabled={busy} onClick={() => setState(state)}>
            {t(`environments.actions.${stateActions[state]}`)}
          </RowAction>
        ))}
      <RemoveLink
        confirm={t('environments.confirm.remove', { name: env.name })}
        disabled={busy}
        onConfirm={() =>
          remove.mutate(env.id, {
            onSuccess: () => toast.success(t('environments.done.removed')),
          })
        }
      />
    </Space>
  );
}
