import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { Form, Input, Modal } from 'antd';
import {
  schoolProfileLimits,
  schoolProfileUpdateSchema,
  type SchoolProfile,
  type SchoolProfileUpdate,
} from '@platform/contract';
import { toast } from '../../shared/toast';
import type { FieldMessages } from '../../shared/zodForm';
import { profileUpdateMutationOptions } from './api';
import { rulesOf, saveErrors, submitDialog, textMessages } from '../../shared/dialogForm';

type ProfileField = keyof SchoolProfileUpdate;
const profileFields: readonly ProfileField[] = ['intro', 'address'];

interface ProfileEditorProps {
  profile: SchoolProfile;
  onClose: () => void;
}

/** Edits the introduction and address of the own school (`school/profile/update`). */
export function ProfileEditor({ profile, onClose }: ProfileEditorProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SchoolProfileUpdate>();
  const update = useMutation(profileUpdateMutationOptions());

  const messages = useMemo<Record<ProfileField, FieldMessages>>(() => {
    const spaces = t('schools.rules.noEdgeSpaces');
    return {
      intro: textMessages(t('schools.rules.intro'), spaces),
      address: textMessages(t('schools.rules.address'), spaces),
    };
  }, [t]);
  const rules = rulesOf(schoolProfileUpdateSchema, profileFields, messages);

  const submit = () =>
    submitDialog<SchoolProfileUpdate>({
      form,
      save: (values) => update.mutateAsync({ intro: values.intro, address: values.address }),
      done: () => {
        toast.success(t('schools.done.saved'));
        onClose();
      },
      errors: (error) => saveErrors(error, profileFields, messages, {}),
    });

  return (
    <Modal
      open
      title={t('schools.titles.editProfile')}
      okText={t('schools.actions.save')}
      cancelText={t('schools.actions.cancel')}
      confirmLoading={update.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        name="school-profile"
        layout="vertical"
        initialValues={{ intro: profile.intro, address: profile.address }}
        disabled={update.isPending}
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
      </Form>
    </Modal>
  );
}
