import { useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { LoadFailed, LoadingState } from '../../shared/ui/PageStates';
import { ticketMutationOptions } from './api';

/**
 * Opens a lab page in this tab: a ticket for the signed-in student, with the path on the lab's
 * origin to land on, and on to it. The gateway sends here a tab that reached a lab without the
 * lab's cookie (a file Jupyter opened in a new tab).
 */
export function LabOpenPage() {
  const { containerId = '' } = useParams();
  const [params] = useSearchParams();
  const next = params.get('next') ?? undefined;
  const ticket = useMutation(ticketMutationOptions());
  const { mutate } = ticket;
  useEffect(() => {
    mutate({ containerId, next }, { onSuccess: ({ url }) => window.location.replace(url) });
  }, [containerId, next, mutate]);
  if (ticket.isError)
    return <LoadFailed error={ticket.error} onRetry={() => ticket.mutate({ containerId, next })} />;
  return <LoadingState />;
}
