import type { ReactNode } from 'react';
import {
  Button,
  Popconfirm,
  Space,
  type ButtonProps,
  type PopconfirmProps,
  type TableColumnType,
} from 'antd';

/**
 * The last column of a table, fixed on the right: each row's actions side by side (on more lines
 * when narrow with `wrap`).
 */
export function actionsColumn<T>(
  title: string,
  actions: (row: T) => ReactNode,
  { wrap = false }: { wrap?: boolean } = {},
): TableColumnType<T> {
  return {
    key: 'actions',
    title,
    fixed: 'right',
    render: (_, row) => (
      <Space size={0} wrap={wrap}>
        {actions(row)}
      </Space>
    ),
  };
}

type LinkProps = Omit<ButtonProps, 'type' | 'size'>;

/** An action of a table row (or tree node): a small link button. */
export function RowAction(props: LinkProps) {
  return <Button type="link" size="small" {...props} />;
}

type ConfirmActionProps = Pick<
  PopconfirmProps,
  'title' | 'okText' | 'cancelText' | 'okButtonProps'
> &
  Omit<LinkProps, 'title' | 'onClick'> & {
    /** Runs on OK; a returned promise keeps the question open, OK spinning, until it settles. */
    onConfirm: () => unknown;
  };

/**
 * A red row action that asks first, such as a delete; OK is red too unless `okButtonProps`
 * says otherwise.
 */
export function ConfirmAction({
  title,
  okText,
  cancelText,
  okButtonProps = { danger: true },
  onConfirm,
  ...button
}: ConfirmActionProps) {
  return (
    <Popconfirm
      title={title}
      okText={okText}
      cancelText={cancelText}
      okButtonProps={okButtonProps}
      onConfirm={onConfirm}
    >
      <RowAction danger {...button} />
    </Popconfirm>
  );
}
