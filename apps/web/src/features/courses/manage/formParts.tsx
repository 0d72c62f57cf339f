import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Col, Form, Input, Row, Skeleton, Tabs, Tag } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import type { ZodType } from 'zod';
import {
  contentLanguages,
  courseDifficulties,
  courseSpecialties,
  type ContentLanguage,
  type CourseDifficulty,
  type CourseSpecialty,
} from '@platform/contract';
import type { RichDocument } from '@platform/rich-text';
import { zodPathRules, type FieldMessages, type FieldPath } from '../../../shared/zodForm';

/** Form parts the course screens share: bilingual inputs, rich text, difficulty and specialty. */

// Tiptap is heavy: it loads when the first editor is shown.
const RichTextEditor = lazy(() => import('../../../shared/ui/RichTextEditor'));

/** How a form's values are checked: the contract's schema of the body they make. */
export interface FormCheck {
  schema: ZodType;
  toBody?: (values: unknown) => unknown;
}

/** The label of one language's input: "Course name (Chinese)". */
export function useLangLabel() {
  const { t } = useTranslation();
  return (label: string, lang: ContentLanguage) =>
    t('courses.manage.withLang', { label, lang: t(`courses.manage.lang.${lang}`) });
}

/** Texts of a bilingual text field: its length, one language at least, no edge spaces. */
export function bilingualMessages(
  t: TFunction,
  length: string,
  required = t('courses.manage.rules.bilingualRequired'),
): FieldMessages {
  return {
    required,
    too_short: length,
    too_long: length,
    invalid_format: t('courses.manage.rules.noEdgeSpaces'),
  };
}

interface BilingualItemsProps {
  /** The field's name in the form (relative to an enclosing list). */
  name: (string | number)[];
  /** The field's path in the form's values, which the schema's issues carry. */
  path: FieldPath;
  label: string;
  check: FormCheck;
  messages: FieldMessages;
  maxLength: number;
  /**
   * One language at least: neither input is marked required, since either suffices; both say
   * so in their placeholder, and the schema's rules refuse the pair left empty.
   */
  required?: boolean;
  rows?: number;
}

/** A text in Chinese and English, side by side on wide screens: one language is enough. */
export function BilingualItems({
  name,
  path,
  label,
  check,
  messages,
  maxLength,
  required = false,
  rows,
}: BilingualItemsProps) {
  const { t } = useTranslation();
  const langLabel = useLangLabel();
  const placeholder = required ? t('courses.manage.placeholders.eitherLanguage') : undefined;
  return (
    <Row gutter={16}>
      {contentLanguages.map((lang) => {
        const other = lang === 'zh' ? 'en' : 'zh';
        return (
          <Col key={lang} xs={24} md={12}>
            <Form.Item
              name={[...name, lang]}
              label={langLabel(label, lang)}
              dependencies={[[...path, other]]}
              rules={zodPathRules(check.schema, [...path, lang], {
                ...(check.toBody ? { toBody: check.toBody } : {}),
                parent: true,
                overrides: messages,
              })}
            >
              {rows ? (
                <Input.TextArea rows={rows} maxLength={maxLength + 10} placeholder={placeholder} />
              ) : (
                <Input maxLength={maxLength + 10} placeholder={placeholder} />
              )}
            </Form.Item>
          </Col>
        );
      })}
    </Row>
  );
}

function LazyEditor(props: {
  value?: RichDocument;
  onChange?: (doc: RichDocument) => void;
  label: string;
  onUploadImage?: ((file: File) => Promise<string>) | undefined;
}) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}

interface BilingualDocItemProps {
  name: (string | number)[];
  label: string;
  /** Uploads an image and answers its address; without it the editor has no image button. */
  onUploadImage?: ((file: File) => Promise<string>) | undefined;
}

/** Rich text in Chinese and English, one editor per language in tabs. */
export function BilingualDocItem({ name, label, onUploadImage }: BilingualDocItemProps) {
  const { t } = useTranslation();
  const langLabel = useLangLabel();
  return (
    <Form.Item label={label}>
      <Tabs
        size="small"
        items={contentLanguages.map((lang) => ({
          key: lang,
          label: t(`courses.manage.lang.${lang}`),
          children: (
            <Form.Item name={[...name, lang]} noStyle>
              <LazyEditor label={langLabel(label, lang)} onUploadImage={onUploadImage} />
            </Form.Item>
          ),
        }))}
      />
    </Form.Item>
  );
}

export function useCourseOptions() {
  const { t } = useTranslation();
  return {
    difficulties: courseDifficulties.map((value) => ({
      value,
      label: t(`courses.manage.difficulty.${value}`),
    })),
    specialties: courseSpecialties.map((value) => ({
      value,
      label: t(`courses.manage.specialty.${value}`),
    })),
  };
}

const difficultyColors: Record<CourseDifficulty, string> = {
  entry: 'green',
  easy: 'cyan',
  harder: 'orange',
  high: 'red',
};

/** A course's difficulty and specialty as tags. */
export function CourseTags({
  difficulty,
  specialty,
}: {
  difficulty: CourseDifficulty;
  specialty: CourseSpecialty;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Tag color={difficultyColors[difficulty]}>{t(`courses.manage.difficulty.${difficulty}`)}</Tag>
      <Tag color="blue">{t(`courses.manage.specialty.${specialty}`)}</Tag>
    </>
  );
}

/** Adds a row to a list of the form, up to `max` rows. */
export function AddButton({
  count,
  max,
  onAdd,
  children,
}: {
  count: number;
  max: number;
  onAdd: () => void;
  children: string;
}) {
  return (
    <Button icon={<PlusOutlined />} disabled={count >= max} onClick={onAdd}>
      {children}
    </Button>
  );
}

/** Removes a row of a list of the form; `label` names the row. */
export function RemoveButton({ label, onRemove }: { label: string; onRemove: () => void }) {
  const { t } = useTranslation();
  return (
    <Button
      size="small"
      type="text"
      danger
      aria-label={`${t('courses.manage.actions.remove')} ${label}`}
      icon={<DeleteOutlined />}
      onClick={onRemove}
    />
  );
}
