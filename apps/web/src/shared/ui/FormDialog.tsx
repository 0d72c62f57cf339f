import type { ReactNode } from 'react';
import { Form, Modal, type FormInstance, type FormProps } from 'antd';

export interface FormDialogProps<V> {
  form: FormInstance<V>;
  /** The form's name, which its inputs' ids start with. */
  name: string;
  title: ReactNode;
  okText: string;
  cancelText: string;
  /** While a save runs, OK spins and the inputs are disabled. */
  saving: boolean;
  onOk: () => unknown;
  onClose: () => void;
  initialValues?: FormProps<V>['initialValues'];
  onValuesChange?: FormProps<V>['onValuesChange'];
  width?: number;
  /** Shown above the form. */
  notice?: ReactNode;
  children: ReactNode;
}

/** A dialog around one vertical form that OK saves; it is open while it is rendered. */
export function FormDialog<V>({
  form,
  name,
  title,
  okText,
  cancelText,
  saving,
  onOk,
  onClose,
  initialValues,
  onValuesChange,
  width,
  notice,
  children,
}: FormDialogProps<V>) {
  return (
    <Modal
      open
      width={width}
      title={title}
      okText={okText}
      cancelText={cancelText}
      confirmLoading={saving}
      onOk={() => void onOk()}
      onCancel={onClose}
      destroyOnHidden
    >
      {notice}
      <Form<V>
        form={form}
        name={name}
        layout="vertical"
        initialValues={initialValues}
        onValuesChange={onValuesChange}
        disabled={saving}
      >
        {children}
      </Form>
    </Modal>
  );
}
