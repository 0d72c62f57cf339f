import { useTranslation } from 'react-i18next';
import { courseFileLimits, type CourseFileKind } from '@platform/contract';
import { showErrorToast } from '../../../shared/toast';
import { uploadCourseFile } from './api';

/** What the server takes of each kind of course file, checked before anything is sent. */

const imageTypes = ['image/jpeg', 'image/png'];
const imageNames = /\.(jpe?g|png)$/i;

/** Accept lists of the file pickers by kind. */
export const acceptOf: Record<CourseFileKind, string | undefined> = {
  cover: 'image/jpeg,image/png',
  image: 'image/jpeg,image/png',
  video: 'video/mp4,video/webm',
  pdf: 'application/pdf',
  attachment: undefined,
};

export const maxMbOf = (kind: CourseFileKind) => Math.round(courseFileLimits[kind] / 1024 / 1024);

/** Why a chosen file cannot be sent as `kind`: not a JPG or PNG image, or too large. */
export function fileProblem(
  file: { name: string; type: string; size: number },
  kind: CourseFileKind,
): 'type' | 'size' | null {
  if (kind === 'cover' || kind === 'image') {
    const known = file.type ? imageTypes.includes(file.type) : imageNames.test(file.name);
    if (!known) return 'type';
  }
  return file.size > courseFileLimits[kind] ? 'size' : null;
}

/**
 * The image upload of a course's rich text: a JPG or PNG of at most 5 MB, stored with the course
 * and inserted at its signed address, so that it shows at once. The server keeps the address
 * without its signature and signs it again whenever it hands the document out (decision 0024).
 */
export function useImageUpload(courseId: string): (file: File) => Promise<string> {
  const { t } = useTranslation();
  return async (file) => {
    const problem = fileProblem(file, 'image');
    if (problem) {
      const text =
        problem === 'type'
          ? t('courses.manage.rules.imageType')
          : t('courses.manage.rules.tooLarge', { max: maxMbOf('image') });
      showErrorToast(text);
      throw new Error(text);
    }
    return (await uploadCourseFile(file, { courseId, kind: 'image' })).url;
  };
}
