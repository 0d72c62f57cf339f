import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Input } from 'antd';
import {
  schoolProfileLimits,
  schoolProfileUpdateSchema,
  type SchoolProfile,
  type SchoolProfileUpdate,
} from '@platform/contract';
import type { FieldMessages } from '../../shared/zodForm';
import { FormDialog } from '../../shared/ui/FormDialog';
import { textMessages, useSchemaDialog } from '../../shared/dialogForm';
import { profileUpdateMutationOptions } from './api';

type ProfileField = keyof SchoolProfileUpdate;
const profileFields: readonly ProfileField[] = ['intro', 'address'];

interface ProfileEditorProps {
  profile: SchoolProfile;
  onClose: () => void;
}

/** Edits the introduction and address of the own school (`school/profile/update`). */
export function ProfileEditor({ profile, onClose }: ProfileEditorProps) {
  const { t } = useTranslation();
  const messages = useMemo<Record<ProfileField, FieldMessages>>(() => {
    const spaces = t('schools.rules.noEdgeSpaces');
    return {
      intro: textMessages(t('schools.rules.intro'), spaces),
      address: textMessages(t('schools.rules.address'), spaces),
    };
  }, [t]);
  const { dialog, rules } = useSchemaDialog({
    schema: schoolProfileUpdateSchema,
    fields: profileFields,
    messages,
    mutation: profileUpdateMutationOptions(),
    body: (values: SchoolProfileUpdate): SchoolProfileUpdate => ({
      intro: values.intro,
      address: values.address,
    }),
    saved: t('schools.done.saved'),
    onClose,
  });

  return (
    <FormDialog
      {...dialog}
      name="school-profile"
      title={t('schools.titles.editProfile')}
      okText={t('schools.actions.save')}
      cancelText={t('schools.actions.cancel')}
      initialValues={{ intro: profile.intro, address: profile.address }}
    >
      <Form.Item name="intro" label={t('schools.fields.intro')} required rules={rules('intro')}>
        <Input.TextArea
          rows={5}
          placeholder={t('schools.placeholders.intro')}
          maxLength={schoolProfileLimits.introMax + 10}
          showCount
        />
      </Form.Item>
      <Form.Item
        name="address"
        label={t('schools.fields.address')}
        required
        rules={rules('address')}
      >
        <Input
          placeholder={t('schools.placeholders.address')}
          maxLength={schoolProfileLimits.addressMax + 10}
        />
      </Form.Item>
    </FormDialog>
  );
}
