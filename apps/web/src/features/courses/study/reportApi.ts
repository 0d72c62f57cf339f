import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { StepReport } from '@platform/contract';
import type { RichDocument } from '@platform/rich-text';
import { call, uploadRoute } from '../../../shared/call';
import { courses, progressChanged, studyKeys, updateStep } from './api';

/** The student's own report of a report step studied on their own (decision 0041). */

const reportKey = (stepId: string) => [...studyKeys.steps(stepId), 'report'] as const;

export function stepReportQueryOptions(stepId: string) {
  return queryOptions({
    queryKey: reportKey(stepId),
    queryFn: ({ signal }) => call(courses.stepReport, { params: { id: stepId } }, { signal }),
    staleTime: 0,
  });
}

/** A document as the report routes take it (a Tiptap document, sanitised by the server). */
const reportBody = (doc: RichDocument) => doc as unknown as { type: 'doc'; [key: string]: unknown };

/** Saves a draft at `revision` (the server keeps the highest); the cached report learns it. */
export async function saveStepReport(
  client: QueryClient,
  stepId: string,
  doc: RichDocument,
  revision: number,
  leaving = false,
) {
  const saved = await call(
    courses.stepReportSave,
    { body: { stepId, content: reportBody(doc), revision, finish: false } },
    { quiet: true, keepalive: leaving },
  );
  if (saved.revision > revision) void client.invalidateQueries({ queryKey: reportKey(stepId) });
  else
    client.setQueryData<StepReport>(reportKey(stepId), (report) =>
      report
        ? {
            ...report,
            content: doc as unknown as Record<string, unknown>,
            revision: saved.revision,
            savedAt: saved.savedAt,
            length: saved.length,
          }
        : report,
    );
  return saved;
}

/** Finishes the report as it stands: the step is done. */
export function finishStepReportMutationOptions(client: QueryClient, stepId: string) {
  return mutationOptions({
    mutationKey: [...studyKeys.all, 'report-finish'],
    mutationFn: ({ doc, revision }: { doc: RichDocument; revision: number }) =>
      call(courses.stepReportSave, {
        body: { stepId, content: reportBody(doc), revision, finish: true },
      }),
    onSuccess: () => {
      updateStep(client, stepId, (step) => ({
        ...step,
        progress: { ...step.progress, completed: true },
      }));
      void client.invalidateQueries({ queryKey: reportKey(stepId) });
      progressChanged(client);
    },
  });
}

/** Uploads an image into the report; its address is what the document holds. */
export async function uploadStepReportImage(stepId: string, file: File): Promise<string> {
  const image = await uploadRoute(courses.stepReportImage, { file, fields: { stepId } });
  return image.url;
}
