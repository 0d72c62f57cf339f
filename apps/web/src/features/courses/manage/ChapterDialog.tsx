import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { chapterSaveSchema, courseTextLimits, type ChapterSave } from '@platform/contract';
import { useSaveDialog } from '../../../shared/dialogForm';
import { isRequestError } from '../../../shared/request';
import { FormDialog } from '../../../shared/ui/FormDialog';
import { serverPathErrors } from '../../../shared/zodForm';
import { chapterSaveMutationOptions } from './api';
import { BilingualItems, bilingualMessages, type FormCheck } from './formParts';
import type { BilingualText } from './stepForm';

interface ChapterValues {
  name?: BilingualText;
  description?: BilingualText;
}

interface ChapterDialogProps {
  courseId: string;
  /** The chapter to edit; none adds one. */
  chapter?: { id: string; name: BilingualText; description: BilingualText | null } | undefined;
  onClose: () => void;
}

/** Adds or edits a chapter: its name and description, each in Chinese, English or both. */
export function ChapterDialog({ courseId, chapter, onClose }: ChapterDialogProps) {
  const { t } = useTranslation();
  const check = useMemo(() => {
    const toBody = (values: unknown): ChapterSave => {
      const v = values as ChapterValues;
      return {
        ...(chapter ? { id: chapter.id } : {}),
        courseId,
        name: v.name ?? {},
        description: v.description,
      };
    };
    return { schema: chapterSaveSchema, toBody } satisfies FormCheck;
  }, [chapter, courseId]);
  const dialog = useSaveDialog({
    mutation: chapterSaveMutationOptions(),
    body: (values: ChapterValues) => check.toBody(values),
    saved: t('courses.manage.done.chapterSaved'),
    onClose,
    errors: (error) => (isRequestError(error) ? serverPathErrors(error.fields) : []),
  });
  return (
    <FormDialog<ChapterValues>
      {...dialog}
      width={720}
      name={chapter ? `chapter-edit-${chapter.id}` : `chapter-add-${courseId}`}
      title={t(chapter ? 'courses.manage.titles.editChapter' : 'courses.manage.titles.addChapter')}
      okText={t('courses.manage.actions.save')}
      cancelText={t('courses.manage.actions.cancel')}
      initialValues={{ name: chapter?.name ?? {}, description: chapter?.description ?? {} }}
    >
      <BilingualItems
        name={['name']}
        path={['name']}
        label={t('courses.manage.fields.chapterName')}
        check={check}
        messages={bilingualMessages(t, t('courses.manage.rules.chapterName'))}
        maxLength={courseTextLimits.chapterNameMax}
        required
      />
      <BilingualItems
        name={['description']}
        path={['description']}
        label={t('courses.manage.fields.chapterDescription')}
        check={check}
        messages={bilingualMessages(t, t('courses.manage.rules.chapterDescription'))}
        maxLength={courseTextLimits.chapterDescriptionMax}
        rows={2}
      />
    </FormDialog>
  );
}
