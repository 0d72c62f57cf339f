import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Modal } from 'antd';
import { labLimits, type StartRequest } from '@platform/contract';
import { isRequestError } from '../../shared/request';
import { showErrorToast, showToast } from '../../shared/toast';
import { billingKeys } from '../billing/api';
import { labKeys, labRuntimeApi } from './api';
import { LabController, type ActionResult, type LabRuntimeSnapshot } from './labRuntime';

export type StartOptions = Omit<StartRequest, 'expEnvId'>;

export interface LabRuntimeHandle {
  envId: string | null;
  snapshot: LabRuntimeSnapshot;
  start: (options?: StartOptions) => Promise<boolean>;
  stop: () => Promise<boolean>;
  /** The reset button: please wait while in progress, else confirm and reset. */
  requestReset: () => void;
  /** The confirmation dialog's host; render it once on the page. */
  contextHolder: ReactNode;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : '';
}

/**
 * The lab runtime of an environment (see labRuntime.ts) for React: the state machine, its
 * failure messages (start 10 s, reset 5 s), the reset confirmation and please-wait message, and
 * fresh environment data after each action. `serverIds` are the running containers the
 * environment's detail names.
 */
export function useLabRuntime(
  envId: string | null,
  serverIds?: readonly string[],
): LabRuntimeHandle {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [modal, contextHolder] = Modal.useModal();
  const machine = useMemo(
    () => new LabController({ envId, api: labRuntimeApi, storage: storage() }),
    [envId],
  );
  const snapshot = useSyncExternalStore(machine.subscribe, machine.getSnapshot);
  const initialServerIds = useRef(serverIds);

  useEffect(() => {
    machine.attach(initialServerIds.current);
    return () => machine.dispose();
  }, [machine]);

  const refresh = useCallback(() => {
    if (!envId) return;
    void queryClient.invalidateQueries({ queryKey: labKeys.detail(envId) });
    void queryClient.invalidateQueries({ queryKey: labKeys.restartLimit(envId) });
    void queryClient.invalidateQueries({ queryKey: labKeys.centerPages() });
    void queryClient.invalidateQueries({ queryKey: billingKeys.costs() });
  }, [envId, queryClient]);

  // Stopped elsewhere: the lists and starts left learn it too.
  useEffect(() => {
    if (snapshot.stoppedRemotely) refresh();
  }, [snapshot.stoppedRemotely, refresh]);

  const settle = useCallback(
    (result: ActionResult, failureText?: (message: string) => string, durationMs?: number) => {
      if (!result.ok && result.reason === 'missing-env-id') showErrorToast(t('labs.missingId'));
      // The request layer already showed failures of calls that are not quiet (stop). Errors
      // last 3 s and one shows per 3 s (spec §8); only the reset failure stays 5 s.
      else if (!result.ok && result.reason === 'failed' && failureText)
        showErrorToast(failureText(errorText(result.error)), durationMs ? { durationMs } : {});
      if (result.ok) refresh();
      return result.ok;
    },
    [refresh, t],
  );

  const start = useCallback(
    async (options?: StartOptions) => {
      const result = await machine.start(options);
      const alreadyFormatted =
        !result.ok && isRequestError(result.error) && result.error.errorKey === 'labs.start_failed';
      return settle(result, (message) =>
        alreadyFormatted ? message : t('labs.startFailed', { message }),
      );
    },
    [machine, settle, t],
  );

  const stop = useCallback(async () => settle(await machine.stop()), [machine, settle]);

  const requestReset = useCallback(() => {
    if (machine.resetIntent() === 'please-wait') {
      showToast('info', t('labs.pleaseWait'));
      return;
    }
    modal.confirm({
      title: t('labs.resetConfirmTitle'),
      content: t('labs.resetConfirm'),
      // The dialog closes at once; a click during the reset then gets the please-wait message.
      onOk: () => {
        void machine.reset().then((result) => {
          const ok = settle(
            result,
            (message) => t('labs.resetFailed', { message }),
            labLimits.resetFailureMessageMs,
          );
          if (ok) showToast('success', t('labs.resetDone'));
        });
      },
    });
  }, [machine, modal, settle, t]);

  return { envId, snapshot, start, stop, requestReset, contextHolder };
}
